import { Link } from 'react-router-dom';
import { calendarDateIn, formatApplicationPrice, lkApplicationDetailPath, NEW_APPLICATION_PATH, pluralize, Skeleton, useQueryRetry } from 'shared';
import { lkStatusLabel } from 'shared/lk';
import { QueryCard } from '../../../components/query-card';
import { useRecentApplications, type OverviewRole } from '../api/get-overview-data';

/** The executor's card holds what its lk list holds: his replies, whatever became of them, and the deals he is named on (QA AAE-5). */
const ROLE_TITLES: Record<OverviewRole, string> = { customer: 'Мои заявки', executor: 'Ваши отклики и заявки в работе' };

/** A few of the profile's applications (as customer or as executor), each leading to its page. */
export function ApplicationsCard({ profileId, role }: { profileId: number; role: OverviewRole }) {
  const applications = useRecentApplications(profileId, role);
  const retry = useQueryRetry<HTMLHeadingElement>(applications);
  return (
    <QueryCard
      title={ROLE_TITLES[role]}
      titleId={`overview-applications-${role}-title`}
      className="overview-card overview-card--wide"
      titleClassName="overview-card__title"
      query={applications}
      retry={retry}
      what="заявки"
      loading={
        <>
          <Skeleton width="80%" height="1.5rem" />
          <Skeleton width="70%" height="1.5rem" />
        </>
      }
    >
      {({ items, total }) =>
        total === 0 ? (
          <p className="overview-card__meta">
            {role === 'customer' ? 'Заявок пока нет. ' : 'Вы пока не откликались на заявки. '}
            <Link to={role === 'customer' ? NEW_APPLICATION_PATH : '/application'}>{role === 'customer' ? 'Создать заявку' : 'Найти заявки'}</Link>
          </p>
        ) : (
          <>
            <ul className="overview-apps">
              {items.map((application) => (
                <li key={application.id} className="overview-apps__item">
                  <Link to={lkApplicationDetailPath(application.id)} className="overview-apps__name">
                    {application.name}
                  </Link>
                  <span className="overview-apps__meta">
                    № {application.number} · {lkStatusLabel(application, calendarDateIn())}
                    {/* As the lk list's card says it: 0 is «Цена договорная», no price (a draft's) is none yet. */}
                    {` · ${application.price == null ? 'Цена не указана' : formatApplicationPrice(application.price)}`}
                  </span>
                </li>
              ))}
            </ul>
            <Link className="overview-card__link" to={`/lk/application${role === 'customer' ? '?role=customer' : ''}`}>
              Все заявки ({total} {pluralize(total, ['заявка', 'заявки', 'заявок'])})
            </Link>
          </>
        )
      }
    </QueryCard>
  );
}
