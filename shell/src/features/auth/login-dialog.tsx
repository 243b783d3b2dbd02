import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Placeholder opened by `?auth=login`; the accounts issue replaces it with the real form. */
export function LoginDialog() {
  const [params, setParams] = useSearchParams();
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = params.get('auth') === 'login';
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  if (!open) return null;
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('auth');
    next.delete('redirect');
    setParams(next, { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="login-title" onKeyDown={onKeyDown}>
        <h2 id="login-title">Вход</h2>
        <p>Вход по номеру телефона появится в ближайшем обновлении.</p>
        <button ref={closeButton} type="button" className="button" onClick={close}>
          Закрыть
        </button>
      </div>
    </div>
  );
}
