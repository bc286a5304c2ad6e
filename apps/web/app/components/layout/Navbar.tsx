import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { LanguageMenu } from './LanguageMenu';
import { isInSection, navItems } from './nav-items';
import { PublishMenu } from './PublishMenu';
import { SearchBox } from './SearchBox';
import { SiteLogo } from './SiteLogo';
import { UserArea } from './UserArea';

/** `messageBell`: the in-site messages' bell, shown to a signed-in member (given by the root route). */
export function Navbar({ messageBell }: { messageBell?: ReactNode }) {
  const { t } = useTranslation('nav');
  const { site, user } = useShell();
  const { pathname } = useLocation();

  return (
    <header className="portal-header" data-testid="navbar">
      <div className="portal-header__inner">
        <SiteLogo />
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
          {user ? messageBell : null}
          <UserArea />
        </div>
      </div>
    </header>
  );
}
