import { Link } from 'react-router-dom';
import { applicationStatusLabel, calendarDateIn, formatApplicationPrice, formatDate, repliesOverByDate, writeToPath, type ApplicationLkDetail } from 'shared';
import { PastDeadlineMark } from '../../../components/past-deadline';
import { facilityPaths } from '../../../lib/lk-paths';
import { useStatusAnnouncement } from '../hooks/use-status-announcement';
import { PROFILE_TYPE_LABELS } from '../lib/labels';

function until(date: string | null): string {
  return date ? `до ${formatDate(date)}` : 'Не указан';
}

export const DETAIL_TITLE_ID = 'application-detail-title';

/** Number, name, status, terms, the facility and the two parties. */
export function DetailHeader({ detail, asCustomer }: { detail: ApplicationLkDetail; asCustomer: boolean }) {
  const { customer, executor, facility } = detail;
  const statusSaid = useStatusAnnouncement(detail);
  const today = calendarDateIn();
  return (
    <header className="detail-header">
      <p className="detail-header__number">Заявка № {detail.number}</p>
      <h1 id={DETAIL_TITLE_ID} className="detail-header__title" tabIndex={-1}>
        {detail.name}
      </h1>
      <p className="detail-header__status">
        <span className="ui-visually-hidden">Статус: </span>
        {/* Published but past its reply deadline: not the green of replies taken (QA AAE-4). */}
        <span className={`detail-status detail-status--${repliesOverByDate(detail, today) ? 'replies-over' : detail.status}`}>{applicationStatusLabel(detail, today)}</span>
      </p>
      {/* A change of status no toast told of (useStatusAnnouncement): there from the start, to be heard when it speaks. */}
      <p className="ui-visually-hidden" role="status">
        {statusSaid}
      </p>
      <dl className="detail-facts">
        <div>
          <dt>Цена</dt>
          <dd className="detail-facts__price">{formatApplicationPrice(detail.price)}</dd>
        </div>
        <div>
          <dt>Срок выполнения</dt>
          <dd>
            {until(detail.deadline)}
            <PastDeadlineMark application={detail} />
          </dd>
        </div>
        <div>
          <dt>Приём откликов</dt>
          <dd>{until(detail.feedbackDeadline)}</dd>
        </div>
        <div>
          <dt>Адрес</dt>
          <dd>{detail.address.value || 'Не указан'}</dd>
        </div>
        {facility && (
          <div>
            <dt>Объект</dt>
            <dd>
              {/* The customer's profile owns the facility: its cabinet page; anyone else the public one. */}
              <Link to={asCustomer ? facilityPaths.own(facility.id) : facilityPaths.public(facility.id)}>{facility.name}</Link>
            </dd>
          </div>
        )}
        <div>
          <dt>Заказчик</dt>
          <dd>
            {customer.name} <span className="detail-muted">· {PROFILE_TYPE_LABELS[customer.type]}</span>
            {!asCustomer && (
              <Link className="detail-write" to={writeToPath(detail.id)}>
                Написать заказчику
              </Link>
            )}
          </dd>
        </div>
        <div>
          <dt>Исполнитель</dt>
          <dd>
            {executor ? (
              <>
                {executor.name} <span className="detail-muted">· {PROFILE_TYPE_LABELS[executor.type]}</span>
                {asCustomer && (
                  <Link className="detail-write" to={writeToPath(detail.id, executor.id)}>
                    Написать исполнителю
                  </Link>
                )}
              </>
            ) : (
              'Не выбран'
            )}
          </dd>
        </div>
        {detail.services.length > 0 && (
          <div>
            <dt>Услуги</dt>
            <dd>{detail.services.map((s) => s.name).join(', ')}</dd>
          </div>
        )}
      </dl>
      {detail.description && <p className="detail-header__description">{detail.description}</p>}
    </header>
  );
}
