import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Facility } from 'shared';
import { OwnerNote } from '../../../components/owner-note';
import { formatPublicDate } from '../../../lib/dates';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import '../../../components/details.css';

export interface FacilityDetailsProps {
  facility: Facility;
  /** The address on a map, composed by the page. */
  addressMap?: ReactNode;
  /** The public documents with their downloads, composed by the page. */
  documents?: ReactNode;
}

/**
 * The owner's public page: an executor's profile; a customer's (a person's or an organisation's)
 * applications, where he is found. `label` names it for the page's way back to it.
 */
export function ownerPage(owner: Facility['owner']): { href: string; label: string } {
  if (owner.type === 'executor') return { href: `/executor/${owner.id}`, label: 'Профиль владельца' };
  return {
    href: `/application/search?${new URLSearchParams({ customer: String(owner.id), customerName: owner.name })}`,
    label: 'Заявки владельца',
  };
}

export function FacilityDetails({ facility, addressMap, documents }: FacilityDetailsProps) {
  const { owner } = facility;
  return (
    <article className="details" aria-labelledby="facility-title">
      <header className="details__header">
        <p className="details__kicker">{facility.type.name}</p>
        <h1 id="facility-title">{facility.name}</h1>
        <OwnerNote ownerId={owner.id} line="Это ваш объект." href={`/lk/facility/${facility.id}`} linkText="Открыть объект в личном кабинете" />
      </header>
      <div className="details__body details__body--split">
        <div className="details">
          <section className="details__section" aria-labelledby="facility-description">
            <h2 id="facility-description">Описание</h2>
            <p className="details__text">{facility.description || 'Описание не добавлено.'}</p>
          </section>
          <section className="details__section" aria-labelledby="facility-address">
            <h2 id="facility-address">Адрес</h2>
            <p>{facility.address.value || 'Адрес не указан.'}</p>
            {addressMap}
          </section>
        </div>
        <div className="details">
          <section className="details__section" aria-labelledby="facility-facts">
            <h2 id="facility-facts">Сведения</h2>
            <dl className="facts">
              <div>
                <dt>Тип объекта</dt>
                <dd>{facility.type.name}</dd>
              </div>
              <div>
                <dt>Владелец</dt>
                <dd>
                  <Link to={ownerPage(owner).href}>{owner.name}</Link> · {profileTypeLabel(owner.type)}
                </dd>
              </div>
              <div>
                <dt>Добавлен</dt>
                <dd>{formatPublicDate(facility.createdAt)}</dd>
              </div>
            </dl>
          </section>
          <section className="details__section" aria-labelledby="facility-documents">
            <h2 id="facility-documents">Документы</h2>
            {documents}
          </section>
        </div>
      </div>
    </article>
  );
}
