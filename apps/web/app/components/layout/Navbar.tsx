import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { CloseIcon, MenuIcon } from './icons';
import { LanguageMenu } from './LanguageMenu';
import { isInSection, navItems } from './nav-items';
import { PublishMenu } from './PublishMenu';
import { SearchBox } from './SearchBox';
import { SiteLogo } from './SiteLogo';
import { UserArea } from './UserArea';

const DRAWER_ID = 'portal-nav-drawer';

/**
 * The portal's header (spec 2). One row on a wide screen; on a narrow one a compact bar (menu
 * button, logo, bell, avatar) whose menu, search, publish menu and language sit in a drawer the
 * button opens. Both are the same elements, laid out by app.css, so the page carries no second
 * copy of the menu and no drawer component: the only state is whether the drawer is open.
 *
 * `messageBell`: the in-site messages' bell, shown to a signed-in member (given by the root route).
 */
export function Navbar({ messageBell }: { messageBell?: ReactNode }) {
  const { t } = useTranslation('nav');
  const { site, user } = useShell();
  const { pathname } = useLocation();
  // The path the drawer was opened on: choosing a page (a new path) closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = openOn === pathname;
  const setDrawerOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  const closeDrawer = (giveFocusBack: boolean) => {
    setDrawerOpen(false);
    if (giveFocusBack) menuButton.current?.focus();
  };

  // Opening moves the keyboard focus to the drawer's first entry.
  useEffect(() => {
    if (drawerOpen) drawer.current?.querySelector<HTMLElement>('a[href], button, input')?.focus();
  }, [drawerOpen]);

  return (
    <header
      className={drawerOpen ? 'portal-header portal-header--drawer-open' : 'portal-header'}
      data-testid="navbar"
      onKeyDown={(event) => {
        // A menu open inside the drawer handles its own Escape first.
        if (event.key === 'Escape' && drawerOpen && !event.nativeEvent.defaultPrevented) closeDrawer(true);
      }}
      onBlur={(event) => {
        // Tabbing out of the header (past the drawer's last entry) closes the drawer.
        if (drawerOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setDrawerOpen(false);
      }}
    >
      <div className="portal-header__inner">
        <button
          ref={menuButton}
          type="button"
          className="portal-header__menu-button"
          aria-expanded={drawerOpen}
          aria-controls={DRAWER_ID}
          aria-label={drawerOpen ? t('closeMenu') : t('openMenu')}
          data-testid="nav-drawer-button"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          {drawerOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <SiteLogo />
        <div id={DRAWER_ID} ref={drawer} className="portal-header__drawer" data-testid="nav-drawer">
          <nav aria-label={t('mainMenu')} className="portal-menu" data-testid="nav-menu">
            <ul>
              {navItems(site).map((item) => {
                const current = pathname === item.to;
                return (
                  <li key={item.key}>
                    <Link
                      to={item.to}
                      className={isInSection(pathname, item) ? 'is-active' : undefined}
                      aria-current={current ? 'page' : undefined}
                      data-testid={`nav-${item.key}`}
                      // The same page again does not change the path: close the drawer here too.
                      onClick={() => setDrawerOpen(false)}
                    >
                      {t(item.key)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="portal-header__tools">
            <SearchBox />
            <PublishMenu />
            <LanguageMenu />
          </div>
        </div>
        <div className="portal-header__member">
          {user ? messageBell : null}
          <UserArea />
        </div>
      </div>
      <div className="portal-header__backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
    </header>
  );
}
