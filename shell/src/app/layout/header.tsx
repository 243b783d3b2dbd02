import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSessionStore } from 'shared';
import { navLinks } from './nav-links';
import { SessionButton } from './session-button';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link to="/" className="app-logo">
          Маркетплейс услуг
        </Link>
        <button
          type="button"
          className="button app-menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Меню
        </button>
        <nav id="main-nav" className="app-nav" data-open={menuOpen} aria-label="Основная навигация">
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
        <SessionButton isLoggedIn={useSessionStore((s) => Boolean(s.token || s.refreshToken))} />
      </div>
    </header>
  );
}
