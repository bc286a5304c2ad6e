// The back office's screens check their contracts' schemas as they render: zod comes with the frame.
import '@portal/contracts/zod-ready';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import Menu, { type MenuProps } from 'antd/es/menu';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import { STATUS } from '@portal/contracts/envelope';
import { homePath, siteByCode, siteById, SITES, type SiteCode } from '@portal/contracts/sites';
import { Avatar } from '~/components/Avatar';
import { browserLanguageStore, isSecurePage, storeSite } from '~/lib/language/storage';
import { CallScopeContext } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { adminPath, adminRouteId, mayOpen, type AdminPage } from '~/lib/admin/admin-page';
import { AdminFrameContext, type AdminFrame as Frame } from '~/lib/admin/admin-context';
import { GROUP_KEY, menuGroups, SITE_NAME_KEY, SITE_PARAM } from '~/lib/admin/admin-site';
import { textOf } from '~/lib/admin/admin-text';
import { forgetAdminContext, type AdminFrameData } from './load-admin-frame';

const { Header, Sider, Content } = Layout;

/** Ends the session, then goes to the portal's home page in the interface language. */
async function signOut(homeUrl: string, siteCode: string): Promise<void> {
  const { logout } = await import('@portal/contracts/accounts');
  const result = await requestClient.call(logout, {}, { siteCode });
  if (!result.ok && String(result.error.status) !== String(STATUS.unauthorized)) return;
  forgetAdminContext();
  window.location.assign(homeUrl);
}

/**
 * The back office's frame: a side menu of the screens the member may use on the managed site, a
 * header with the managed-site selector, the interface language, the member and the way out, and
 * the current screen under its title. Screens read the managed site with `useAdminSite()`. `pages`
 * is the back office's list of screens (admin-pages.ts), given by the layout route.
 */
export function AdminFrame({
  data,
  pages: ADMIN_PAGES,
  children,
}: {
  data: AdminFrameData;
  pages: readonly AdminPage[];
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { t: tAny } = useTranslation();
  const { site: uiSite } = useShell();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const revalidator = useRevalidator();
  const [menuOpen, setMenuOpen] = useState(false);
  const [narrow, setNarrow] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const managed = data.context.sites.find((s) => s.apply_site === data.siteCode) ?? data.context.sites[0]!;
  const site = siteByCode(managed.apply_site) ?? uiSite;
  const frame = useMemo<Frame>(() => ({ context: data.context, managed, site }), [data.context, managed, site]);
  const permissions = useMemo(() => new Set(managed.permissions), [managed]);
  // Screens call the managed site; their answers stay fresh for 30 s.
  const callScope = useMemo(() => ({ siteCode: managed.apply_site, staleTime: 30_000 }), [managed.apply_site]);

  const leaf = matches[matches.length - 1];
  const page = leaf ? ADMIN_PAGES.find((p) => adminRouteId(p) === leaf.id) : undefined;
  const allowed = !page || mayOpen(page, permissions);
  const dashboard = ADMIN_PAGES.find((p) => p.path === '');

  const items: MenuProps['items'] = menuGroups(ADMIN_PAGES, permissions).map(({ group, pages }) => ({
    type: 'group',
    key: group,
    label: t(GROUP_KEY[group]),
    children: pages.map((p) => ({
      key: p.id,
      label: (
        <Link to={adminPath(p, managed.apply_site)} data-testid={`admin-menu-${p.id}`}>
          {textOf(tAny, p.titleKey)}
        </Link>
      ),
    })),
  }));

  const switchSite = (code: SiteCode) => {
    void navigate({ pathname: location.pathname, search: `?${SITE_PARAM}=${encodeURIComponent(code)}` });
  };

  const switchLanguage = (twsId: number) => {
    const chosen = siteById(twsId);
    if (!chosen || chosen.tws_id === uiSite.tws_id) return;
    storeSite(browserLanguageStore(), chosen, isSecurePage());
    // The root's loader sees the new stored language and renders the shell in it.
    void revalidator.revalidate();
  };

  return (
    <AdminFrameContext value={frame}>
      <CallScopeContext value={callScope}>
        <a href="#admin-main" className="portal-skip-link">
          {tAny('common:skipToContent')}
        </a>
        <Layout className="admin-layout" data-testid="admin-frame">
          <Sider
            width={220}
            breakpoint="lg"
            collapsedWidth={0}
            collapsed={narrow && !menuOpen}
            trigger={null}
            onBreakpoint={(broken) => {
              setNarrow(broken);
              setMenuOpen(false);
            }}
            className="admin-sider"
            theme="light"
          >
            <div className="admin-brand">{t('brand')}</div>
            <nav aria-label={t('menuLabel')}>
              <Menu
                mode="inline"
                items={items}
                selectedKeys={page ? [page.id] : []}
                onClick={() => narrow && setMenuOpen(false)}
                data-testid="admin-menu"
              />
            </nav>
          </Sider>
          <Layout>
            <Header className="admin-header">
              {narrow ? (
                <Button onClick={() => setMenuOpen((open) => !open)} aria-expanded={menuOpen}>
                  {menuOpen ? t('closeMenu') : t('openMenu')}
                </Button>
              ) : null}
              <label className="admin-header__field">
                <span>{t('managedSite')}</span>
                <Select<SiteCode>
                  value={managed.apply_site as SiteCode}
                  onChange={switchSite}
                  aria-label={t('managedSite')}
                  data-testid="admin-site-select"
                  popupMatchSelectWidth={false}
                  options={data.context.sites.map((s) => ({
                    value: s.apply_site as SiteCode,
                    label: t(SITE_NAME_KEY[s.apply_site as SiteCode]),
                  }))}
                />
              </label>
              <label className="admin-header__field">
                <span>{t('uiLanguage')}</span>
                <Select<number>
                  value={uiSite.tws_id}
                  onChange={switchLanguage}
                  aria-label={t('uiLanguage')}
                  data-testid="admin-language-select"
                  popupMatchSelectWidth={false}
                  options={SITES.map((s) => ({ value: s.tws_id, label: <span lang={s.htmlLang}>{s.tws_name}</span> }))}
                />
              </label>
              <span className="admin-header__spacer" />
              <span className="admin-header__user" data-testid="admin-user">
                <Avatar user={data.context.user} size={28} />
                <span>{t('signedInAs', { name: data.context.user.user_nick_name })}</span>
              </span>
              <a href={homePath(uiSite)} data-testid="admin-back-to-portal">
                {t('backToPortal')}
              </a>
              <Button
                type="text"
                loading={leaving}
                data-testid="admin-logout"
                onClick={() => {
                  setLeaving(true);
                  void signOut(homePath(uiSite), uiSite.apply_site).finally(() => setLeaving(false));
                }}
              >
                {t('logout')}
              </Button>
            </Header>
            <Content id="admin-main" className="admin-content" tabIndex={-1}>
              {page ? <h1 className="admin-title">{textOf(tAny, page.titleKey)}</h1> : null}
              {allowed ? (
                children
              ) : (
                <Result
                  status="403"
                  title={t('noPermissionTitle')}
                  subTitle={t('noPermissionText')}
                  data-testid="admin-no-permission"
                  extra={
                    dashboard ? (
                      <Link to={adminPath(dashboard, managed.apply_site)}>{t('toDashboard')}</Link>
                    ) : undefined
                  }
                />
              )}
            </Content>
          </Layout>
        </Layout>
      </CallScopeContext>
    </AdminFrameContext>
  );
}
