import { Link } from 'react-router-dom';
import { Card, PROFILE_TYPE_LABELS, type SessionProfile } from 'shared';
import { type ProfileRole } from 'shared/lk';

const ROLE_LABELS: Record<ProfileRole, string | null> = { owner: null, director: 'Вы — руководитель', employee: 'Вы — сотрудник' };

/** The active profile, or the call to choose one. */
export function ProfileCard({ profile, role }: { profile: SessionProfile | null; role: ProfileRole | null }) {
  return (
    <Card as="section" className="overview-card" aria-labelledby="overview-profile-title">
      <h2 id="overview-profile-title" className="overview-card__title">
        Профиль
      </h2>
      {profile ? (
        <>
          <p className="overview-card__value">{profile.name}</p>
          <p className="overview-card__meta">
            {PROFILE_TYPE_LABELS[profile.type]}
            {role && ROLE_LABELS[role] ? ` · ${ROLE_LABELS[role]}` : ''}
          </p>
          <Link className="overview-card__link" to="/lk/profile">
            Настройки профиля
          </Link>
        </>
      ) : (
        <>
          <p className="overview-card__meta">Профиль не выбран. Выберите, кем вы будете на площадке: заказчиком или исполнителем.</p>
          <Link className="ui-button ui-button--primary ui-button--md" to="/lk/profile">
            Выбрать профиль
          </Link>
        </>
      )}
    </Card>
  );
}
