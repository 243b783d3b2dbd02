import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../../session/sign-out';

// In the start's chunk, unlike the account menu itself (account-widgets.ts): the header shows this
// when the menu fails, its chunk included.

export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = () => {
    void signOut(queryClient);
    void navigate('/');
  };
  return (
    <button type="button" className="button app-account__logout" onClick={logout}>
      Выйти
    </button>
  );
}

/** When the account menu fails: say so, and still let the user log out. */
export function AccountMenuFallback() {
  return (
    <div className="app-account">
      <span className="app-widget-fallback">Меню аккаунта недоступно</span>
      <LogoutButton />
    </div>
  );
}
