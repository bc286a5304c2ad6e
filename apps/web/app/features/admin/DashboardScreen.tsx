import { useTranslation } from '~/lib/use-translation';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import { adminDashboard, type AdminDashboard } from '@portal/contracts/admin';
import { useFormatTime } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { useAdminSite } from '~/lib/admin/admin-context';
import { SITE_NAME_KEY } from '~/lib/admin/admin-site';
import { TrendChart } from './TrendChart';
import { useCall } from '~/lib/query/use-call';

type Figure = { key: string; label: string; value: number };

function figures(data: AdminDashboard, t: (key: string) => string): Figure[] {
  return [
    { key: 'members-total', label: t('membersTotal'), value: data.members.total },
    { key: 'members-7d', label: t('membersNew7'), value: data.members.new_7d },
    { key: 'members-30d', label: t('membersNew30'), value: data.members.new_30d },
    { key: 'posts', label: t('posts'), value: data.posts },
    { key: 'articles-pending', label: t('articlesPending'), value: data.articles_pending },
    { key: 'articles-approved', label: t('articlesApproved'), value: data.articles_approved },
    { key: 'events', label: t('events'), value: data.events },
    { key: 'feedback-open', label: t('feedbackOpen'), value: data.feedback_open },
    { key: 'messages-30d', label: t('messages30'), value: data.messages_30d },
  ];
}

/** The dashboard (index of /admin): the managed site's counts and its 30-day trends. */
export function DashboardScreen() {
  const { t } = useTranslation('admin');
  const { site: uiSite } = useShell();
  const formatTime = useFormatTime();
  const { siteCode } = useAdminSite();
  const query = useCall(adminDashboard, {});

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const data = query.data;
  const time = formatTime(data.generated_at, { site: uiSite });

  return (
    <div className="admin-dashboard" data-testid="admin-dashboard">
      <div className="admin-dashboard__lead">
        <p>{t('dashboardLead', { site: t(SITE_NAME_KEY[siteCode]), time })}</p>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('refresh')}
        </Button>
      </div>
      <Alert type="info" showIcon title={t('accountsNote')} className="admin-dashboard__note" />
      <ul className="admin-dashboard__figures">
        {figures(data, t).map((f) => (
          <li key={f.key}>
            <Card size="small" data-testid={`admin-figure-${f.key}`}>
              <Statistic title={f.label} value={f.value} />
            </Card>
          </li>
        ))}
      </ul>
      <div className="admin-dashboard__trends">
        <Card size="small">
          <TrendChart title={t('trendMembers')} points={data.trends.members} testId="admin-trend-members" />
        </Card>
        <Card size="small">
          <TrendChart title={t('trendPosts')} points={data.trends.posts} testId="admin-trend-posts" />
        </Card>
      </div>
    </div>
  );
}
