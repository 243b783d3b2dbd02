import { Link } from 'react-router-dom';
import { bus, errorMessage, profileLabel, profileSwitchedMessage, useSessionStore, useUpdateProfile, type SessionProfile } from 'shared';
import { useDisclosure } from './use-disclosure';

/** The active profile and a menu of the user's profiles; without one, a link to choose it. */
export function ProfileSwitcher() {
  const profiles = useSessionStore((s) => s.profiles);
  const active = useSessionStore((s) => s.activeProfile);
  const update = useUpdateProfile();
  const { open, close, closeToButton, buttonProps, panelRef, panelId } = useDisclosure();

  if (!active) {
    return (
      <Link className="app-account__choose" to="/lk/profile">
        Выбрать профиль
      </Link>
    );
  }

  const choose = (profile: SessionProfile) => {
    closeToButton();
    if (profile.id === active.id) return;
    update.mutate(
      { id: profile.id },
      {
        onSuccess: ({ message }) => bus.emit('toast:show', { type: 'success', message: message ?? profileSwitchedMessage(profile) }),
        onError: (error) => bus.emit('toast:show', { type: 'error', message: errorMessage(error) }),
      },
    );
  };

  return (
    <div className="app-popover app-profile">
      <button type="button" className="app-account__button" aria-busy={update.isPending || undefined} {...buttonProps}>
        <span className="ui-visually-hidden">Профиль: </span>
        <span className="app-account__label" title={profileLabel(active)}>
          {profileLabel(active)}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
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
                  onClick={() => choose(profile)}
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
