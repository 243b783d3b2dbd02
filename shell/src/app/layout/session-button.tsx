import { Link, useLocation, useNavigate } from 'react-router-dom';
import { bus, useSessionStore } from 'shared';

export function SessionButton({ isLoggedIn }: { isLoggedIn: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  if (!isLoggedIn) {
    const params = new URLSearchParams(location.search);
    params.set('auth', 'login');
    return (
      <Link className="button button-primary app-login" to={{ pathname: location.pathname, search: `?${params}` }}>
        Войти
      </Link>
    );
  }
  const logout = () => {
    useSessionStore.getState().clear();
    bus.emit('auth:logged-out', {});
    navigate('/');
  };
  return (
    <button type="button" className="button app-login" onClick={logout}>
      Выйти
    </button>
  );
}
