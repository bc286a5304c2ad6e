import { useMemo, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { followToggle } from '@portal/contracts/accounts';
import { FOLLOWED_FLAG } from '@portal/contracts/constants';
import { dictList } from '@portal/contracts/dictionaries';
import { expertDirectory, type ExpertCard } from '@portal/contracts/experts';
import { PortalButton } from '~/components/PortalButton';
import { callQuery } from '~/lib/query/call-query';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useMemberGate } from '~/lib/use-member-gate';
import { useTranslation } from '~/lib/use-translation';
import { directoryHref, useExpertDirectory, type DirectoryFilters } from '../api/directory-queries';
import { expertPath } from '../api/expert-page';
import { DirectoryCard } from './DirectoryCard';

/**
 * The experts directory (spec 2 `stationed/index`): the site's resident experts, most followed
 * first, by industry and field of expertise, each followable from the card. The filters are a plain
 * GET form, so they work before the page's JavaScript runs.
 */
export function ExpertDirectoryPage({ filters }: { filters: DirectoryFilters }) {
  const { t } = useTranslation('experts');
  const { t: tAuth } = useTranslation('auth');
  const { site } = useShell();
  const { user, gate } = useMemberGate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const industryList = useQuery(callQuery(dictList, site, { kind: 'industry' })).data?.list;
  const fieldList = useQuery(callQuery(dictList, site, { kind: 'scene' })).data?.list;
  const industries = useMemo(() => industryList ?? [], [industryList]);
  const fields = useMemo(() => fieldList ?? [], [fieldList]);
  const labels = useMemo(
    () => ({
      industries: new Map(industries.map((e) => [e.value, e.label])),
      fields: new Map(fields.map((e) => [e.value, e.label])),
    }),
    [industries, fields],
  );
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useExpertDirectory(site, filters);
  // What the viewer changed by following here, over what the pages say.
  const [follows, setFollows] = useState<Record<number, Pick<ExpertCard, 'have_be_follow' | 'user_fans_count'>>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const experts = (data?.pages.flatMap((page) => page.list) ?? []).map((e) => ({ ...e, ...follows[e.user_id] }));

  const follow = (expert: ExpertCard) =>
    gate(() => {
      setBusy(expert.user_id);
      void requestClient.call(followToggle, { user_id: expert.user_id }).then((result) => {
        setBusy(null);
        if (!result.ok) return;
        setFollows((prev) => ({ ...prev, [expert.user_id]: result.data }));
        // Other lists of experts (other filters) are stale now.
        void queryClient.invalidateQueries({ queryKey: ['call', expertDirectory.id], refetchType: 'none' });
        toast.success(result.data.have_be_follow === FOLLOWED_FLAG ? tAuth('followDone') : tAuth('unfollowDone'));
      });
    });

  const onFilter = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const form = new FormData(event.currentTarget.form!);
    const id = (name: string) => Number(form.get(name)) || undefined;
    void navigate(directoryHref(site, { industry: id('industry'), field: id('field') }), { preventScrollReset: true });
  };

  return (
    <div className="portal-page mvp-page expert-directory" data-testid="expert-directory">
      <section className="mvp-intro" aria-labelledby="experts-title">
        <h1 id="experts-title">{t('dirTitle')}</h1>
        <p className="mvp-intro__lead">{t('dirDescription')}</p>
        <p className="expert-directory__links">
          <Link to={`/${site.prefix}/stationed/mvp`}>{t('title')}</Link>
        </p>
      </section>

      <section className="mvp-members" aria-labelledby="experts-list-title">
        <div className="mvp-members__head">
          <h2 id="experts-list-title" className="portal-visually-hidden">
            {t('dirFilters')}
          </h2>
          <Form method="get" className="expert-filters" aria-label={t('dirFilters')} preventScrollReset>
            <label>
              <span>{t('dirIndustry')}</span>
              <select
                name="industry"
                defaultValue={filters.industry ?? ''}
                onChange={onFilter}
                data-testid="expert-filter-industry"
              >
                <option value="">{t('dirAnyIndustry')}</option>
                {industries.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('dirField')}</span>
              <select
                name="field"
                defaultValue={filters.field ?? ''}
                onChange={onFilter}
                data-testid="expert-filter-field"
              >
                <option value="">{t('dirAnyField')}</option>
                {fields.map((e) => (
                  <option key={e.value} value={e.value}>
                    {e.label}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit">{t('dirFilters')}</button>
            </noscript>
          </Form>
        </div>
        {experts.length ? (
          <ul className="mvp-list" data-testid="expert-list">
            {experts.map((expert) => (
              <DirectoryCard
                key={expert.user_id}
                expert={expert}
                href={expertPath(site.prefix, expert.user_id)}
                labels={labels}
                busy={busy === expert.user_id}
                canFollow={user?.user_id !== expert.user_id}
                onFollow={() => follow(expert)}
              />
            ))}
          </ul>
        ) : (
          <p className="mvp-members__empty" data-testid="expert-empty">
            {t('dirEmpty')}
          </p>
        )}
        {experts.length ? (
          <div className="mvp-members__more">
            <p className="mvp-members__status" role="status">
              {t('shown', { count: experts.length })}
              {hasNextPage ? null : ` · ${t('noMore')}`}
            </p>
            {hasNextPage ? (
              <PortalButton
                onClick={() => void fetchNextPage()}
                loading={isFetchingNextPage}
                data-testid="expert-load-more"
              >
                {t('loadMore')}
              </PortalButton>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}
