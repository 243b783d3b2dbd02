import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatApplicationPrice, type ApplicationView } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import { ApplicationStatus } from './application-status';
import { PartyAction } from './party-action';
import { ReplyAction } from './reply-action';
import { ServiceTags } from './service-tags';
import { WriteAction } from './write-action';
import './applications.css';

export interface ApplicationDetailsProps {
  /** `application/get`'s answer: a party's has the lk fields too. */
  application: ApplicationView;
  /** The address on a map, composed by the page. */
  addressMap?: ReactNode;
  /** The public documents with their downloads, composed by the page. */
  documents?: ReactNode;
}

function until(date: string | null): string {
  return date ? `до ${formatPublicDate(date)}` : 'Не указан';
}

export function customerApplicationsHref(customer: { id: number; name: string }): string {
  return `/application/search?${new URLSearchParams({ customer: String(customer.id), customerName: customer.name })}`;
}

export function ApplicationDetails({ application, addressMap, documents }: ApplicationDetailsProps) {
  const { customer } = application;
  const draft = application.status === 'draft';
  return (
    <article className="application-details" aria-labelledby="application-title">
      <header className="application-details__header">
        <p className="application-details__number">Заявка № {application.number}</p>
        <h1 id="application-title" className="application-details__title">
          {application.name}
        </h1>
        <ApplicationStatus application={application} />
        <div className="application-details__reply">
          <PartyAction application={application}>
            <ReplyAction application={application} />
            <WriteAction application={application} />
          </PartyAction>
        </div>
      </header>

      <div className="application-details__body">
        <section aria-labelledby="application-terms" className="application-details__section">
          <h2 id="application-terms">Условия</h2>
          <dl className="application-details__facts">
            <div>
              <dt>Цена</dt>
              {/* A draft (its owner alone sees it) has no price yet; a published one without a price is negotiable. */}
              <dd className="application-details__price">{draft && application.price == null ? 'Не указана' : formatApplicationPrice(application.price)}</dd>
            </div>
            <div>
              <dt>Срок выполнения</dt>
              <dd>{until(application.deadline)}</dd>
            </div>
            <div>
              <dt>Срок приёма откликов</dt>
              <dd>{until(application.feedbackDeadline)}</dd>
            </div>
            <div>
              <dt>Заказчик</dt>
              <dd>
                <Link to={customerApplicationsHref(customer)}>{customer.name}</Link>
                <span className="application-details__hint"> · {profileTypeLabel(customer.type)}</span>
              </dd>
            </div>
            {application.facility ? (
              <div>
                <dt>Объект</dt>
                <dd>
                  <Link to={`/facility/${application.facility.id}`}>{application.facility.name}</Link>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{draft ? 'Создана' : 'Опубликована'}</dt>
              {/* Published: when it last was (a draft of last week published today, or again after a stopped deal). */}
              <dd>{formatPublicDate(draft ? application.createdAt : (application.publishedAt ?? application.createdAt))}</dd>
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

        <section aria-labelledby="application-address" className="application-details__section">
          <h2 id="application-address">Адрес</h2>
          <p className="application-details__address">{application.address.value || 'Адрес не указан.'}</p>
          {addressMap}
        </section>

        <section aria-labelledby="application-documents" className="application-details__section">
          <h2 id="application-documents">Документы</h2>
          {documents}
        </section>
      </div>
    </article>
  );
}
