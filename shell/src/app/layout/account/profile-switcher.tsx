import { Link } from 'react-router-dom';
import { profileLabel, Spinner, useSessionStore, type SessionProfile } from 'shared';
import { useDisclosure } from './use-disclosure';
import { useSwitchAfterSaves } from './use-switch-after-saves';

/**
 * The active profile and a menu of the user's profiles; without one, a link to choose it. While a
 * switch waits for the server the button shows a spinner, a live region says which profile is coming,
 * and the other profiles are not offered (a second switch would race the first).
 */
export function ProfileSwitcher() {
  const profiles = useSessionStore((s) => s.profiles);
  const active = useSessionStore((s) => s.activeProfile);
  const user = useSessionStore((s) => s.user);
  const { switchTo, pending, switchingTo } = useSwitchAfterSaves();
  const coming = pending ? profiles.find((profile) => profile.id === switchingTo) : undefined;
  const { open, close, closeToButton, buttonProps, panelRef, panelId } = useDisclosure();

  if (!active) {
    // «Выбрать» only for a user known to have none: while the user or his profiles could not be
    // loaded (the API unreachable at start) he may well have one, and the page says why it waits.
    return (
      <Link className="app-account__choose" to="/lk/profile">
        {user !== null && user.activeProfileId === null ? 'Выбрать профиль' : 'Профиль'}
      </Link>
    );
  }

  const choose = async (profile: SessionProfile) => {
    closeToButton();
    if (profile.id === active.id) return;
    await switchTo(profile);
  };

  return (
    <div className="app-popover app-profile">
      <button type="button" className="app-account__button" aria-busy={pending || undefined} {...buttonProps}>
        <span className="ui-visually-hidden">Профиль: </span>
        <span className="app-account__label" title={profileLabel(active)}>
          {profileLabel(active)}
        </span>
        {pending ? <Spinner size="sm" label={null} /> : <span aria-hidden="true">▾</span>}
      </button>
      <p className="ui-visually-hidden" aria-live="polite">
        {coming ? `Переключаем профиль: ${profileLabel(coming)}…` : ''}
      </p>
      {open && (
        <div ref={panelRef} id={panelId} className="app-popover__panel">
          <p className="app-popover__title">Сменить профиль</p>
          <ul className="app-profile__list">
            {profiles.map((profile) => (
              <li key={profile.id}>
                <button
                  type="button"
                  className="app-profile__option"
                  aria-pressed={profile.id === active.id}
                  aria-disabled={pending || undefined}
                  onClick={() => void choose(profile)}
                >
                  {profileLabel(profile)}
                </button>
              </li>
            ))}
          </ul>
          <Link className="app-popover__footer" to="/lk/profile" onClick={close}>
            Все профили
          </Link>
        </div>
      )}
    </div>
  );
}
