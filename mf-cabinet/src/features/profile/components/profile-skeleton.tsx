import { LoadingSkeleton, Skeleton } from 'shared';

/** Where the profile page's sections will stand while the user and profiles load. */
export function ProfileSkeleton() {
  return (
    <LoadingSkeleton>
      <div className="profile-skeleton" role="status" aria-label="Загрузка профиля">
        <Skeleton width="12rem" height="2rem" />
        <div className="profile-types">
          <Skeleton shape="block" height="9rem" />
          <Skeleton shape="block" height="9rem" />
        </div>
        <Skeleton width="10rem" height="1.5rem" />
        <Skeleton shape="block" height="6rem" />
      </div>
    </LoadingSkeleton>
  );
}
