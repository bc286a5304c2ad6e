import type { raffle as zh } from '../zh/raffle';
import type { Widen } from '../zh';

/** The raffle page (en; issue 22 item 5, decision 037). */
export const raffle: Widen<typeof zh> = {
  ui: {
    heading: 'Points raffle',
    description:
      'Earn points by signing in, posting and joining events; draw for free every day, and buy extra draws with points.',
    none: 'No raffle is on right now; stay tuned',
    window: 'Open from {{start}} to {{end}}',
    upcoming: 'Not started',
    running: 'Open',
    ended: 'Ended',
    prizes: 'Prizes',
    stockLeft_one: '{{count}} left',
    stockLeft_other: '{{count}} left',
    soldOut: 'All won',
    chance: 'Chance {{percent}}',
    draw: 'Draw now',
    drawing: 'Drawing…',
    loginToDraw: 'Log in to draw',
    dailyLeft_one: 'Free draws today: {{count}}',
    dailyLeft_other: 'Free draws today: {{count}}',
    extraLeft_one: 'Bought draws: {{count}}',
    extraLeft_other: 'Bought draws: {{count}}',
    myPoints_one: 'My points: {{count}}',
    myPoints_other: 'My points: {{count}}',
    buy: 'Buy 1 draw for {{price}} points',
    bought: 'Bought; {{spent}} points spent',
    wonTitle: 'Congratulations!',
    won: 'You won: {{prize}}',
    lostTitle: 'Thanks for playing',
    lost: 'No prize this time; try again tomorrow',
    close: 'OK',
    myPrizes: 'My prizes',
    myPrizesEmpty: 'No prizes yet',
    myPrizesLogin: 'Log in to see your prizes',
    winners: 'Winners',
    winnersEmpty: 'Nobody has won yet',
    winnerRow: '{{name}} won {{prize}}',
    loadMore: 'Load more',
    rulesTitle: 'Rules',
    ruleWindow: 'The raffle is open from {{start}} to {{end}}; no draws outside that time.',
    ruleDaily_one:
      'Every member has {{count}} free draw a day; the day is the one of your own time zone, and new draws come at midnight.',
    ruleDaily_other:
      'Every member has {{count}} free draws a day; the day is the one of your own time zone, and new draws come at midnight.',
    ruleNoDaily: 'This raffle has no free daily draws.',
    rulePrice:
      'When your free draws are used, you can buy a draw for {{price}} points; the points are taken when you buy and show in your points history.',
    ruleNoPrice: 'This raffle does not sell extra draws.',
    ruleServer:
      'Each draw is decided on the server with a cryptographically secure random number; every prize has a stock, and once it is won out it is gone: nothing is given beyond it.',
    ruleOdds:
      'A draw picks by the prizes’ weights; the chances above hold while every prize is in stock. The chance of no prize is {{percent}}.',
    rulePrivacy: 'The winners list shows only the first and last character of a nickname.',
    ruleContact: 'Staff contact winners by in-site message about their prizes.',
  },
  rules: {
    campaignRequired: 'Choose a raffle',
    countRule: 'Buy 1 to 10 draws at a time',
  },
};
