import { type Executor } from 'shared';
import { OwnerNote } from '../../../components/owner-note';
import { formatPublicDate } from '../../../lib/dates';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import { addressLabel } from '../lib/executor-meta';
import { formatRating, ratingText, Stars } from '../lib/rating';
import { ExecutorServiceTags } from './executor-service-tags';
import '../../../components/catalog.css';
import '../../../components/details.css';
import './executors.css';

const noDescription = (type: Executor['type']) =>
  type === 'organization' ? 'Организация пока не рассказала о себе.' : 'Исполнитель пока не рассказал о себе.';

export function ExecutorDetails({ executor }: { executor: Executor }) {
  return (
    <article className="details" aria-labelledby="executor-title">
      <header className="details__header">
        <p className="details__kicker">{profileTypeLabel(executor.type)}</p>
        <h1 id="executor-title">{executor.name}</h1>
        {/* An organisation's details are its page in the cabinet; a person's, his profile. */}
        <OwnerNote
          ownerId={executor.id}
          line="Это ваш профиль."
          href={executor.type === 'organization' ? '/lk/organization' : '/lk/profile'}
          linkText="Изменить профиль в личном кабинете"
        />
      </header>
      <div className="details__body details__body--split">
        <section className="details__section" aria-labelledby="executor-about">
          <h2 id="executor-about">О себе</h2>
          <p className="details__text">{executor.description || noDescription(executor.type)}</p>
        </section>
        <section className="details__section" aria-labelledby="executor-facts">
          <h2 id="executor-facts">Сведения</h2>
          <dl className="facts">
            <div>
              <dt>{addressLabel(executor.type)}</dt>
              <dd>{executor.address?.value || 'Не указан'}</dd>
            </div>
            {executor.registry && (
              <>
                <div>
                  <dt>ИНН</dt>
                  <dd>{executor.registry.inn}</dd>
                </div>
                {executor.registry.ogrn && (
                  <div>
                    {/* An ИП's is 15 digits (ОГРНИП), a company's 13. */}
                    <dt>{executor.registry.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'}</dt>
                    <dd>{executor.registry.ogrn}</dd>
                  </div>
                )}
              </>
            )}
            <div>
              <dt>Выполнено заявок</dt>
              <dd>{executor.completedCount}</dd>
            </div>
            <div>
              <dt>Рейтинг</dt>
              <dd>{ratingText(executor.rating) ?? 'Отзывов пока нет'}</dd>
            </div>
            <div>
              <dt>На сервисе с</dt>
              <dd>{formatPublicDate(executor.createdAt)}</dd>
            </div>
          </dl>
        </section>
        <section className="details__section" aria-labelledby="executor-services">
          <h2 id="executor-services">Услуги</h2>
          {executor.services.length > 0 ? <ExecutorServiceTags services={executor.services} /> : <p>Услуги не указаны.</p>}
        </section>
        {executor.reviews && executor.reviews.length > 0 && (
          <section className="details__section" aria-labelledby="executor-reviews">
            <h2 id="executor-reviews">Отзывы заказчиков</h2>
            <ul className="executor-reviews">
              {executor.reviews.map((review, index) => (
                <li key={index} className="executor-review">
                  <p className="executor-review__rating">
                    <Stars rating={review.rating} />
                    <span className="ui-visually-hidden">Оценка {formatRating(review.rating)} из 5</span>
                  </p>
                  {review.text && <p className="executor-review__text">{review.text}</p>}
                  <p className="executor-review__meta">
                    Заявка «{review.applicationName}» · <time dateTime={review.at}>{formatPublicDate(review.at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
