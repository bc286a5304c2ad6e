import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE } from '@portal/contracts/constants';
import {
  raffleBuyChances,
  raffleCurrent,
  raffleDraw,
  raffleMyPrizes,
  raffleWinners,
  type RaffleCampaign,
  type RaffleChances,
  type RafflePrize,
} from '@portal/contracts/raffle';
import { raffleCatalogues } from '@portal/locales/raffle';
import { PortalButton } from '~/components/PortalButton';
import { useFormatTime } from '~/lib/format';
import { addTexts } from '~/lib/i18n';
import { useMemberGate } from '~/lib/use-member-gate';
import { useCall, useCallMutation, useCallPages } from '~/lib/query/use-call';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';

// The page's texts come with its chunk; other pages never download them.
addTexts(raffleCatalogues);

const percent = (share: number) => `${(Math.round(share * 1000) / 10).toString()}%`;

type DrawResult = { prize: { trp_name: string; trp_img_url: string } | null };

function PrizeCard({ prize }: { prize: RafflePrize }) {
  const { t } = useTranslation('raffle');
  return (
    <li className="raffle-prize" data-testid={`raffle-prize-${prize.trp_id}`}>
      {prize.trp_img_url ? <img src={prize.trp_img_url} alt="" width={96} height={96} loading="lazy" /> : null}
      <strong>{prize.trp_name}</strong>
      <span className="raffle-muted">
        {prize.trp_stock > 0 ? t('ui.stockLeft', { count: prize.trp_stock }) : t('ui.soldOut')}
      </span>
      <span className="raffle-muted">{t('ui.chance', { percent: percent(prize.trp_chance) })}</span>
    </li>
  );
}

/** The draw box: the member's chances, the draw and the purchase of an extra chance; visitors go to login. */
function DrawBox({ campaign, chances }: { campaign: RaffleCampaign; chances: RaffleChances | null }) {
  const { t } = useTranslation('raffle');
  const { user, loginHref } = useMemberGate();
  const [result, setResult] = useState<DrawResult | null>(null);
  const refreshed = [raffleCurrent, raffleMyPrizes, raffleWinners];
  const draw = useCallMutation(raffleDraw, { invalidates: refreshed, successToast: false, invalidateOnError: true });
  const buy = useCallMutation(raffleBuyChances, { invalidates: [raffleCurrent], successToast: false });
  const running = campaign.trc_state === 'running';

  if (!user || !chances) {
    return (
      <div className="raffle-draw">
        <Link
          className="portal-button portal-button--primary raffle-draw__button"
          to={loginHref}
          data-testid="raffle-login"
        >
          {t('ui.loginToDraw')}
        </Link>
      </div>
    );
  }
  const onDraw = async () => {
    setResult(null);
    try {
      const data = await draw.mutateAsync({ trc_id: campaign.trc_id });
      setResult({ prize: data.prize });
    } catch {
      // The request client has shown the refusal.
    }
  };
  const onBuy = async () => {
    try {
      const data = await buy.mutateAsync({ trc_id: campaign.trc_id, count: 1 });
      toast.success(t('ui.bought', { spent: data.spent }));
    } catch {
      // The request client has shown the refusal.
    }
  };
  return (
    <div className="raffle-draw">
      <ul className="raffle-draw__chances" data-testid="raffle-chances">
        <li>{t('ui.dailyLeft', { count: chances.daily_left })}</li>
        <li>{t('ui.extraLeft', { count: chances.extra_chances })}</li>
        <li>{t('ui.myPoints', { count: chances.points })}</li>
      </ul>
      <div className="raffle-draw__actions">
        <PortalButton
          variant="primary"
          className="raffle-draw__button"
          disabled={!running}
          loading={draw.isPending}
          onClick={() => void onDraw()}
          data-testid="raffle-draw"
        >
          {draw.isPending ? t('ui.drawing') : t('ui.draw')}
        </PortalButton>
        {campaign.trc_chance_price > 0 ? (
          <PortalButton
            disabled={!running}
            loading={buy.isPending}
            onClick={() => void onBuy()}
            data-testid="raffle-buy"
          >
            {t('ui.buy', { price: campaign.trc_chance_price })}
          </PortalButton>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="raffle-result" data-testid="raffle-result">
        {result ? (
          <>
            <strong>{result.prize ? t('ui.wonTitle') : t('ui.lostTitle')}</strong>
            <span>{result.prize ? t('ui.won', { prize: result.prize.trp_name }) : t('ui.lost')}</span>
          </>
        ) : null}
      </div>
    </div>
  );
}

function MyPrizes() {
  const { t } = useTranslation('raffle');
  const { user } = useMemberGate();
  const formatTime = useFormatTime();
  const query = useCallPages(raffleMyPrizes, { limit: PAGE_SIZE }, { enabled: user !== null, owner: user?.user_id });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="raffle-box" aria-labelledby="raffle-mine" data-testid="raffle-my-prizes">
      <h2 id="raffle-mine">{t('ui.myPrizes')}</h2>
      {!user ? (
        <p className="raffle-muted">{t('ui.myPrizesLogin')}</p>
      ) : rows.length === 0 ? (
        <p className="raffle-muted">{query.isPending ? '' : t('ui.myPrizesEmpty')}</p>
      ) : (
        <ul className="raffle-rows">
          {rows.map((r) => (
            <li key={r.draw_id} data-testid="raffle-my-prize">
              <strong>{r.trp_name}</strong>
              <span className="raffle-muted">
                {r.trc_title} · {formatTime(r.create_time)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <PortalButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('ui.loadMore')}
        </PortalButton>
      ) : null}
    </section>
  );
}

function Winners({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('raffle');
  const formatTime = useFormatTime();
  const query = useCallPages(raffleWinners, { trc_id: campaignId, limit: PAGE_SIZE });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="raffle-box" aria-labelledby="raffle-winners" data-testid="raffle-winners">
      <h2 id="raffle-winners">{t('ui.winners')}</h2>
      {rows.length === 0 ? (
        <p className="raffle-muted">{query.isPending ? '' : t('ui.winnersEmpty')}</p>
      ) : (
        <ul className="raffle-rows">
          {rows.map((r) => (
            <li key={r.draw_id} data-testid="raffle-winner">
              <span>{t('ui.winnerRow', { name: r.user_nick_name, prize: r.trp_name })}</span>
              <span className="raffle-muted">{formatTime(r.create_time)}</span>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <PortalButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('ui.loadMore')}
        </PortalButton>
      ) : null}
    </section>
  );
}

/** The campaign's rules in the page's language, from the campaign's own figures. */
function Rules({ campaign }: { campaign: RaffleCampaign }) {
  const { t } = useTranslation('raffle');
  const formatTime = useFormatTime();
  const window = { start: formatTime(campaign.trc_start_time), end: formatTime(campaign.trc_end_time) };
  return (
    <section className="raffle-box" aria-labelledby="raffle-rules" data-testid="raffle-rules">
      <h2 id="raffle-rules">{t('ui.rulesTitle')}</h2>
      <ol className="raffle-rules">
        <li>{t('ui.ruleWindow', window)}</li>
        <li>
          {campaign.trc_daily_chances > 0
            ? t('ui.ruleDaily', { count: campaign.trc_daily_chances })
            : t('ui.ruleNoDaily')}
        </li>
        <li>
          {campaign.trc_chance_price > 0
            ? t('ui.rulePrice', { price: campaign.trc_chance_price })
            : t('ui.ruleNoPrice')}
        </li>
        <li>{t('ui.ruleServer')}</li>
        <li>{t('ui.ruleOdds', { percent: percent(campaign.trc_no_prize_chance) })}</li>
        <li>{t('ui.rulePrivacy')}</li>
        <li>{t('ui.ruleContact')}</li>
      </ol>
    </section>
  );
}

/**
 * The raffle page (spec 2 `rafflelandingpage`; issue 22 item 5; decision 037): the site's campaign
 * and prizes, the member's chances and the draw (visitors are sent to log in), my prizes, the
 * winners with masked names, and the rules in the page's language.
 */
export function RafflePage() {
  const { t } = useTranslation('raffle');
  const formatTime = useFormatTime();
  const { data } = useCall(raffleCurrent, {});
  const campaign = data?.campaign ?? null;
  return (
    <div className="portal-page raffle-page" data-testid="raffle-page">
      <section className="raffle-head">
        <h1>{campaign?.trc_title ?? t('ui.heading')}</h1>
        <p className="raffle-muted">{campaign?.trc_description || t('ui.description')}</p>
        {campaign ? (
          <p data-testid="raffle-window">
            <span className={`raffle-state raffle-state--${campaign.trc_state}`}>{t(`ui.${campaign.trc_state}`)}</span>{' '}
            {t('ui.window', { start: formatTime(campaign.trc_start_time), end: formatTime(campaign.trc_end_time) })}
          </p>
        ) : (
          <p data-testid="raffle-none">{t('ui.none')}</p>
        )}
      </section>
      {campaign ? (
        <>
          <section className="raffle-box" aria-labelledby="raffle-prizes">
            <h2 id="raffle-prizes">{t('ui.prizes')}</h2>
            <ul className="raffle-prizes">
              {data?.prizes.map((p) => (
                <PrizeCard key={p.trp_id} prize={p} />
              ))}
            </ul>
            <DrawBox campaign={campaign} chances={data?.chances ?? null} />
          </section>
          <div className="raffle-columns">
            <MyPrizes />
            <Winners campaignId={campaign.trc_id} />
          </div>
          <Rules campaign={campaign} />
        </>
      ) : null}
    </div>
  );
}
