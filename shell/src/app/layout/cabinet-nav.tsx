import { NavLink, useLocation } from 'react-router-dom';
import { cabinetSections, useCurrentInRow, useIsLoggedIn, useSessionStore } from 'shared';

/** Whether a path is the personal cabinet's (`/lk` and below). */
export const inCabinet = (pathname: string): boolean => pathname === '/lk' || pathname.startsWith('/lk/');

/**
 * The personal cabinet's sections (shared `cabinetSections` for the active profile) above every
 * `/lk` page, whichever remote owns it. On a phone the row scrolls sideways, and the current
 * section is scrolled into it (the row alone: the page's own scroll is left as it is).
 */
export function CabinetNav() {
  const { pathname } = useLocation();
  const loggedIn = useIsLoggedIn();
  // null for a user known to have no active profile. Until his profiles come, the type this browser
  // last knew (so the row does not gain sections under the finger); without one, undefined: the
  // sections every profile has (also while the user or his profiles could not be loaded).
  const type = useSessionStore(
    (s) => s.activeProfile?.type ?? (s.user !== null && s.user.activeProfileId === null ? null : s.profiles.length === 0 ? (s.rememberedProfileType ?? undefined) : undefined),
  );
  const row = useCurrentInRow<HTMLElement>([pathname, type]);

  if (!loggedIn || !inCabinet(pathname)) return null;
  return (
    <nav ref={row} className="app-cabinet-nav" aria-label="Разделы личного кабинета">
      <ul>
        {cabinetSections(type).map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
