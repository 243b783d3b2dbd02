import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../../../session/sign-out';
import { inCabinet } from '../cabinet-nav';

// In the start's chunk, unlike the account menu itself (account-widgets.ts): the header shows this
// when the menu fails, its chunk included.

export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = async () => {
    // A cabinet form with unsaved edits asks first, as leaving its page would: after the logout they
    // could not be saved. `shared/lk` is loaded once such a form is on screen (not in the start's chunk).
    // Offline with no form ever opened, its chunk can't load: then no form has edits to ask about.
    const askBeforeLeaving = await import('shared/lk').then((lk) => lk.askBeforeLeaving, () => null);
    if (askBeforeLeaving && !(await askBeforeLeaving())) return;
    void signOut(queryClient);
    // A cabinet page is a logged-in user's only: its entry gives way to '/', so «Назад» goes to the
    // page before it, not to the login dialog the page would now ask for. A public page stays.
    void navigate('/', { replace: inCabinet(pathname) });
  };
  return (
    <button type="button" className="button app-account__logout" onClick={() => void logout()}>
      {/* Where the header's row is tight (account.css) the button is this icon, its name kept for screen readers. */}
      <svg className="app-account__logout-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path fill="currentColor" d="M4 4h9v2H6v12h7v2H4V4Zm11.6 3.4L20.2 12l-4.6 4.6-1.4-1.4 2.2-2.2H9v-2h7.4l-2.2-2.2 1.4-1.4Z" />
      </svg>
      <span className="app-account__logout-label">Выйти</span>
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
