/**
 * The personal centre's event sections (zh; issue 18 item 10, decision 030). Kept out of the portal's
 * catalogue: they come with the sections' own chunk (`personal-centre.ts`), so other pages do not
 * download them.
 */
export const eventsCentre = {
  ui: {
    mySignupsTitle: '我的活动报名',
    mySignupsUpcoming: '即将参加',
    mySignupsWaitlisted: '候补中',
    mySignupsPast: '已结束',
    mySignupsEmptyUpcoming: '暂无即将参加的活动，去活动页看看吧',
    mySignupsEmptyWaitlisted: '暂无候补中的报名',
    mySignupsEmptyPast: '暂无已结束的活动',
    attended: '已签到',
    notAttended: '未签到',
    myFavouritesTitle: '我收藏的活动',
    myFavouritesEmpty: '暂无收藏的活动',
    unfavourite: '取消收藏',
    confirmUnfavourite: '将该活动移出收藏？',
  },
} as const;
