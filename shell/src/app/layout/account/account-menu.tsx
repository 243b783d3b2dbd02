import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser, useProfiles, useSessionStore } from 'shared';
import { signOut } from '../../../session/sign-out';
import { BalanceLink } from './balance-link';
import { ProfileSwitcher } from './profile-switcher';

/** The logged-in part of the header: name, active profile, balance, logout. */
export function AccountMenu() {
  // The queries keep the session store filled (at start they hit the cache the session loaded).
  useCurrentUser();
  useProfiles();
  const name = useSessionStore((s) => s.user?.name);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logout = () => {
    void signOut(queryClient);
    void navigate('/');
  };

  return (
    <div className="app-account">
      {name && <span className="app-account__name">{name}</span>}
      <ProfileSwitcher />
      <BalanceLink />
      <button type="button" className="button app-account__logout" onClick={logout}>
        Выйти
      </button>
    </div>
  );
}
