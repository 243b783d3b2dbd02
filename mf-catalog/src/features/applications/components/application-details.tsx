import { formatDate, type Application } from 'shared';
import { formatPrice } from './application-card';
import { ApplicationStatus } from './application-status';
import { ServiceTags } from './service-tags';
import './applications.css';

function orDash(value: string | null | undefined): string {
  return value ? value : 'Не указан';
}

export function ApplicationDetails({ application }: { application: Application }) {
  return (
    <article className="application-details" aria-labelledby="application-title">
      <header className="application-details__header">
        <p className="application-details__number">Заявка № {application.number}</p>
        <h1 id="application-title" className="application-details__title">
          {application.name}
        </h1>
        <ApplicationStatus status={application.status} />
      </header>

      <div className="application-details__body">
        <section aria-labelledby="application-terms" className="application-details__section">
          <h2 id="application-terms">Условия</h2>
          <dl className="application-details__facts">
            <div>
              <dt>Цена</dt>
              <dd className="application-details__price">{formatPrice(application.price)}</dd>
            </div>
            <div>
              <dt>Срок выполнения</dt>
              <dd>{application.deadline ? `до ${formatDate(application.deadline)}` : 'Не указан'}</dd>
            </div>
            <div>
              <dt>Срок приёма откликов</dt>
              <dd>{application.feedbackDeadline ? `до ${formatDate(application.feedbackDeadline)}` : 'Не указан'}</dd>
            </div>
            <div>
              <dt>Адрес</dt>
              <dd>{orDash(application.address.value)}</dd>
            </div>
            <div>
              <dt>Заказчик</dt>
              <dd>{application.customer.name}</dd>
            </div>
            <div>
              <dt>Опубликована</dt>
              <dd>{formatDate(application.createdAt)}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="application-description" className="application-details__section">
          <h2 id="application-description">Описание</h2>
          <p className="application-details__description">{application.description || 'Описание не добавлено.'}</p>
        </section>

        <section aria-labelledby="application-services" className="application-details__section">
          <h2 id="application-services">Услуги</h2>
          {application.services.length > 0 ? (
            <ServiceTags services={application.services} />
          ) : (
            <p>Услуги не указаны.</p>
          )}
        </section>
      </div>
    </article>
  );
}
