import { useCurrentUser, useProfiles, useSessionStore } from 'shared';
import { WidgetBoundary } from '../widget-boundary';
import { LogoutButton } from './account-fallback';
import { BalanceLink } from './balance-link';
import { ProfileSwitcher } from './profile-switcher';

/** The logged-in part of the header: name, active profile, balance, logout. */
export function AccountMenu() {
  // The queries keep the session store filled (at start they hit the cache the session loaded).
  useCurrentUser();
  useProfiles();
  const name = useSessionStore((s) => s.user?.name);
  return (
    <div className="app-account">
      {/* The title shows the whole name when a narrow row cuts it with an ellipsis. */}
      {name && (
        <span className="app-account__name" title={name}>
          {name}
        </span>
      )}
      <ProfileSwitcher />
      <WidgetBoundary name="balance" fallback={<span className="app-widget-fallback">Баланс недоступен</span>}>
        <BalanceLink />
      </WidgetBoundary>
      <LogoutButton />
    </div>
  );
}
