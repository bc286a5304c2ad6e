import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { MessageBell } from '~/features/messages/components/MessageBell';
import { useShell } from '~/lib/shell';
import { LanguageMenu } from './LanguageMenu';
import { isInSection, navItems } from './nav-items';
import { PublishMenu } from './PublishMenu';
import { SearchBox } from './SearchBox';
import { SiteLogo } from './SiteLogo';
import { UserArea } from './UserArea';

export function Navbar() {
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
          {user ? <MessageBell /> : null}
          <UserArea />
        </div>
      </div>
    </header>
  );
}
