import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useIsLoggedIn } from 'shared';
import { AccountMenu, AccountMenuFallback } from './account/account-menu';
import { NotificationBell } from './account/notification-bell';
import { navLinks } from './nav-links';
import { WidgetBoundary } from './widget-boundary';
import './account/account.css';

function authLink(pathname: string, search: string, mode: 'login' | 'register') {
  const params = new URLSearchParams(search);
  params.set('auth', mode);
  return { pathname, search: `?${params}` };
}

/**
 * Below 1280px: the logo, 'Войти' or the bell, and the menu button; the menu holds the links and
 * the account. From 1280px everything stands in one row (layout.css). The bell and the account
 * have their own error boundaries: a failing widget never takes the page down.
 */
function BellFallback() {
  return <span className="app-widget-fallback">Уведомления недоступны</span>;
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link to="/" className="app-logo">
          Маркетплейс услуг
        </Link>
        <div className="app-header-quick">
          {loggedIn ? (
            <WidgetBoundary name="notifications" resetKey={location.pathname} fallback={<BellFallback />}>
              <NotificationBell />
            </WidgetBoundary>
          ) : (
            <Link className="button button-primary app-login" to={authLink(location.pathname, location.search, 'login')}>
              Войти
            </Link>
          )}
        </div>
        <button
          type="button"
          className="button app-menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Меню
        </button>
        <div id="main-menu" className="app-header-panel" data-open={menuOpen}>
          <nav id="main-nav" className="app-nav" aria-label="Основная навигация">
            <ul>
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/lk'}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {loggedIn ? (
            <WidgetBoundary name="account" resetKey={location.pathname} fallback={<AccountMenuFallback />}>
              <AccountMenu />
            </WidgetBoundary>
          ) : (
            <Link className="button app-register" to={authLink(location.pathname, location.search, 'register')}>
              Регистрация
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
