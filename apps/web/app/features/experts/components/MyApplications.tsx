import Button from 'antd/es/button';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import {
  APPLICATION_STATUS,
  expertApplicationPath,
  myApplications,
  type MyApplication,
} from '@portal/contracts/expert-applications';
import { cooperationApplyPath } from '@portal/contracts/cooperation';
import { mvpApplyPath } from '@portal/contracts/mvp';
import { personalCentreCatalogues } from '@portal/locales/personal-centre';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useCall } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

// The section's texts come with this chunk; other pages never download them.
addTexts(personalCentreCatalogues);

const STATUS_COLOR: Record<number, string> = {
  [APPLICATION_STATUS.draft]: 'default',
  [APPLICATION_STATUS.pending]: 'processing',
  [APPLICATION_STATUS.approved]: 'success',
  [APPLICATION_STATUS.rejected]: 'error',
  [APPLICATION_STATUS.withdrawn]: 'default',
};

/**
 * "My applications" in the personal centre (issue 21 item 7): each application with its status, a
 * rejection's reason, and the way to edit and resubmit it (its own page). Self-contained: a card of
 * its own that reads its own call, so it can move to a section of the personal centre as it is.
 */
export default function MyApplications() {
  const { t } = useTranslation('applicationsCentre');
  const { site } = useShell();
  const query = useCall(myApplications, {}, { site, staleTime: 0 });
  const list = query.data?.list ?? [];
  return (
    <section
      className="accounts-section my-posts"
      aria-labelledby="my-applications-title"
      data-testid="my-applications"
    >
      <h2 id="my-applications-title">{t('title')}</h2>
      <List<MyApplication>
        loading={query.isPending}
        dataSource={list}
        locale={{
          emptyText: (
            <span>
              {t('empty')} <a href={expertApplicationPath(site.prefix)}>{t('applyExpert')}</a>
              {' · '}
              <a href={mvpApplyPath(site.prefix)}>{t('applyMvp')}</a>
              {' · '}
              <a href={cooperationApplyPath(site.prefix)}>{t('applyCooperation')}</a>
            </span>
          ),
        }}
        renderItem={(item) => (
          <List.Item
            data-testid={`my-application-${item.kind}`}
            actions={[
              <Button key="open" type="link" href={item.edit_path} data-testid="my-application-open">
                {item.status === APPLICATION_STATUS.rejected || item.status === APPLICATION_STATUS.withdrawn
                  ? t('resubmit')
                  : item.editable
                    ? t('edit')
                    : t('view')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span className="my-posts__title">
                  <Tag color={STATUS_COLOR[item.status] ?? 'default'} data-testid="my-application-status">
                    {t(`status.${item.status}`)}
                  </Tag>
                  {item.title}
                </span>
              }
              description={
                <>
                  {item.submit_time ? (
                    <>
                      {t('submitted')} <DateTime iso={item.submit_time} />
                    </>
                  ) : (
                    <DateTime iso={item.create_time} />
                  )}
                  {item.status === APPLICATION_STATUS.rejected && item.reason ? (
                    <div className="my-posts__reason" data-testid="my-application-reason">
                      {t('reason', { reason: item.reason })}
                    </div>
                  ) : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
