import { Link } from 'react-router-dom';
import { listSearchOf, ROLE_LABELS, type ListRole } from '../lib/list-filter';
import './list.css';

/** For a profile that both orders and executes (an organisation): which side of its applications to list. */
export function RoleSwitch({ roles, current, pathname }: { roles: readonly ListRole[]; current: ListRole; pathname: string }) {
  if (roles.length < 2) return null;
  return (
    <nav className="lk-role-switch" aria-label="Роль в заявках">
      {roles.map((role) => (
        <Link
          key={role}
          className={role === current ? 'lk-role-switch__link lk-role-switch__link--current' : 'lk-role-switch__link'}
          to={`${pathname}${listSearchOf({ role, status: null, page: 1 }, roles)}`}
          aria-current={role === current ? 'page' : undefined}
        >
          {ROLE_LABELS[role]}
        </Link>
      ))}
    </nav>
  );
}
