import { type Executor } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import { addressLabel } from '../lib/executor-meta';
import { ExecutorServiceTags } from './executor-service-tags';
import '../../../components/catalog.css';
import '../../../components/details.css';

export function ExecutorDetails({ executor }: { executor: Executor }) {
  return (
    <article className="details" aria-labelledby="executor-title">
      <header className="details__header">
        <p className="details__kicker">{profileTypeLabel(executor.type)}</p>
        <h1 id="executor-title">{executor.name}</h1>
      </header>
      <div className="details__body details__body--split">
        <section className="details__section" aria-labelledby="executor-about">
          <h2 id="executor-about">О себе</h2>
          <p className="details__text">{executor.description || 'Исполнитель пока не рассказал о себе.'}</p>
        </section>
        <section className="details__section" aria-labelledby="executor-facts">
          <h2 id="executor-facts">Сведения</h2>
          <dl className="facts">
            <div>
              <dt>{addressLabel(executor.type)}</dt>
              <dd>{executor.address?.value || 'Не указан'}</dd>
            </div>
            <div>
              <dt>Выполнено заявок</dt>
              <dd>{executor.completedCount}</dd>
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
      </div>
    </article>
  );
}
