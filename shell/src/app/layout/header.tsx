import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { focusPageStart, fromStateOf, NoScriptStyle, useIsLoggedIn, useMediaQuery, useSessionStore } from 'shared';
import { AUTH_PARAM, authSearch, isAuthMode } from '../../features/auth/auth-params';
import { UNREAD_BADGE_WIDGET } from '../../remotes/registry';
import { useRemoteComebacks } from '../../remotes/remote-retry';
import { loadRemoteWidget } from '../../remotes/remote-widget';
import { AccountMenuFallback } from './account/account-fallback';
import { AccountMenuPlaceholder, BellPlaceholder, loadAccountMenu, loadNotificationBell } from './account/lazy-account';
import { MessagesLink } from './account/messages-link';
import { navLinks } from './nav-links';
import { useCrowdedRow } from './use-crowded-row';
import { WidgetSlot } from './widget-slot';
import './account/account.css';

/** This page (its search and #hash kept) with the login or registration dialog over it. */
function authLink({ pathname, search, hash }: { pathname: string; search: string; hash: string }, mode: 'login' | 'register') {
  return { pathname, search: authSearch(new URLSearchParams(search), mode), hash };
}

// mf-messaging's badge, through Module Federation (a stable function: WidgetSlot's `load`).
const loadUnreadBadge = () => loadRemoteWidget(UNREAD_BADGE_WIDGET);

/**
 * Below 1280px: the logo, 'Войти' or the messages badge and the bell, and the menu button; the
 * menu holds the links and the account. From 1280px everything stands in one row (layout.css).
 * The badge, the bell and the account have their own error boundaries: a failing widget never
 * takes the page down.
 */
function BellFallback() {
  return <span className="app-widget-fallback">Уведомления недоступны</span>;
}

/**
 * Where the header is one row (layout.css, account.css: the same query). In em, which a media query
 * reads as the browser's default type size: 1280 px at the usual 16 px, wider when the visitor chose
 * larger type (20–24 px), whose links and account the row at 1280 px had no room for.
 */
export const HEADER_ROW_QUERY = '(min-width: 80em)';

/** Without scripts the menu button opens nothing: below the row's width the menu is shown open instead. */
const MENU_WITHOUT_SCRIPTS = '@media (max-width:79.998em){.app-header .app-menu-button{display:none}.app-header-panel{display:block}}';

/** The section's own page: its list, searched or not (`/application`, `/application/search`). */
const isSectionPage = (pathname: string, to: string) => pathname === to || pathname === `${to}/search`;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  // The server, which knows no width, renders the row (see the source order below).
  const row = useMediaQuery(HEADER_ROW_QUERY, true);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const menuWasOpen = useRef(false);
  const crowded = useCrowdedRow(row, menuPanel);
  // A header widget that failed tries again at the next navigation, and when a section's remote
  // comes back through «Повторить», which keeps the path: the unread badge is that remote's code,
  // down and back with it (QA UU-5).
  const widgetRetryKey = `${location.pathname} ${useRemoteComebacks()}`;
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    menuWasOpen.current = menuOpen;
  }, [menuOpen]);
  // A link of the menu closes it, and so does one that opens a dialog over the page (?auth=…).
  useEffect(() => {
    setMenuOpen(false);
    const samePath = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    // The link that had the focus is hidden with the menu, and the browser would drop the focus to
    // <body> once it is: it goes to the page's heading, as after a link inside the page — the new
    // page's once it is shown (FocusOnNavigation, on a focus so lost), this one's at once. A link
    // that opened a dialog over this page («Регистрация») leaves it on «Меню» instead, where the
    // keyboard came from: the dialog takes it, and gives it back there on closing (its opener, or
    // the hidden link's stand-in), the first time as every other.
    const active = document.activeElement;
    if (!menuWasOpen.current || !(active instanceof HTMLElement) || !menuPanel.current?.contains(active)) return;
    active.blur();
    if (samePath && isAuthMode(new URLSearchParams(location.search).get(AUTH_PARAM))) menuButton.current?.focus();
    else if (samePath) focusPageStart();
  }, [location.pathname, location.search]);
  // A profile chosen in the menu changes the whole page under it, as a link does: the menu closes
  // (QA YY-3: on a phone it stayed open, the page pushed off the screen), and the keyboard goes on
  // from «Меню», the switcher that had it hidden with the menu.
  const activeProfileId = useSessionStore((state) => state.activeProfile?.id ?? null);
  const shownProfile = useRef(activeProfileId);
  useEffect(() => {
    const before = shownProfile.current;
    shownProfile.current = activeProfileId;
    // The first profile known (the session loaded while the menu was open) changes no page.
    if (before === activeProfileId || before === null || activeProfileId === null || !menuWasOpen.current) return;
    const active = document.activeElement;
    setMenuOpen(false);
    if (active instanceof HTMLElement && menuPanel.current?.contains(active)) menuButton.current?.focus();
  }, [activeProfileId]);
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // A panel open inside the menu (the profile switcher) closes first, on its own.
      if (document.querySelector('#main-menu [aria-expanded="true"]')) return;
      // The menu is no trap: Tab goes on into the page, and an Escape there (a search field's) is
      // the page's — the focus stays with the control the user is in.
      const active = document.activeElement;
      const ours = !active || active === document.body || active === menuButton.current || menuPanel.current?.contains(active);
      if (!ours) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  const logo = (
    <Link key="logo" to="/" className="app-logo">
      Маркетплейс услуг
    </Link>
  );
  const quick = (
    <div key="quick" className="app-header-quick">
      {loggedIn ? (
        <>
          {/* mf-messaging's badge, loaded at run time: a remote that is down leaves a plain link. */}
          <WidgetSlot
            name={UNREAD_BADGE_WIDGET.exposed}
            load={loadUnreadBadge}
            retryKey={widgetRetryKey}
            placeholder={<MessagesLink />}
            fallback={<MessagesLink unavailable />}
          />
          <WidgetSlot
            name="notifications"
            load={loadNotificationBell}
            retryKey={widgetRetryKey}
            placeholder={<BellPlaceholder />}
            fallback={<BellFallback />}
          />
        </>
      ) : (
        <Link className="button button-primary app-login" to={authLink(location, 'login')} state={fromStateOf(location.state)}>
          Войти
        </Link>
      )}
    </div>
  );
  const menuToggle = (
    <button
      key="menu-button"
      ref={menuButton}
      type="button"
      className="button app-menu-button"
      aria-expanded={menuOpen}
      aria-controls="main-menu"
      onClick={() => setMenuOpen((open) => !open)}
    >
      <svg className="app-menu-button__icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
      </svg>
      <span className="app-menu-button__label">Меню</span>
    </button>
  );
  const menuWithoutScripts = <NoScriptStyle key="no-script" css={MENU_WITHOUT_SCRIPTS} />;
  const menu = (
    <div key="menu" ref={menuPanel} id="main-menu" className="app-header-panel" data-open={menuOpen}>
      <nav id="main-nav" className="app-nav" aria-label="Основная навигация">
        <ul>
          {navLinks.map((link) => (
            <li key={link.to}>
              {/* The section stays marked on its items' pages, but only its own list is «the current page». */}
              <NavLink to={link.to} aria-current={isSectionPage(location.pathname, link.to) ? 'page' : 'true'}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loggedIn ? (
        <WidgetSlot
          name="account"
          load={loadAccountMenu}
          retryKey={widgetRetryKey}
          placeholder={<AccountMenuPlaceholder />}
          fallback={<AccountMenuFallback />}
        />
      ) : (
        <Link className="button app-register" to={authLink(location, 'register')} state={fromStateOf(location.state)}>
          Регистрация
        </Link>
      )}
    </div>
  );
  // Tab and screen readers follow the source order, which is the order seen: in the row the links and
  // the account come before the badge and the bell, in the narrow layout after them (and the menu
  // after its button). The keyed parts are moved, not rendered again: a widget keeps its state. The
  // server, which knows no width, sends the row's order, and below 1280px its CSS `order` shows the
  // narrow layout until the scripts run (layout.css). Hydrating then moves nothing in the row, and
  // in the narrow layout only the menu, hidden: a press on «Войти» or «Меню» in those first moments
  // is never on a part being moved (Chromium sends the click of a press whose target moved to its
  // parent, and «Войти» did nothing — the server had sent the narrow order, moved in the row).
  return (
    <header className="app-header" data-crowded={crowded || undefined}>
      <div className="app-header-inner">
        {row ? [logo, menu, quick, menuToggle, menuWithoutScripts] : [logo, quick, menuToggle, menuWithoutScripts, menu]}
      </div>
    </header>
  );
}
