import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useIsLoggedIn } from 'shared';
import { AccountMenu } from './account/account-menu';
import { NotificationBell } from './account/notification-bell';
import { navLinks } from './nav-links';
import './account/account.css';

function authLink(pathname: string, search: string, mode: 'login' | 'register') {
  const params = new URLSearchParams(search);
  params.set('auth', mode);
  return { pathname, search: `?${params}` };
}

/**
 * On a phone: the logo, 'Войти' or the bell, and the menu button; the menu holds the links and
 * the account. From 900px everything stands in one row.
 */
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
            <NotificationBell />
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
            <AccountMenu />
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
