import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Card, useFromState, type Executor } from 'shared';
import { profileTypeLabel } from '../../../lib/profile-type-label';
import { addressLabel } from '../lib/executor-meta';
import { completedText } from '../lib/executor-meta';
import { ratingText } from '../lib/rating';
import { ExecutorServiceTags } from './executor-service-tags';
import './executors.css';
import '../../../components/details.css';

export function ExecutorCard({ executor }: { executor: Executor }) {
  const headingId = useId();
  const fromState = useFromState();
  return (
    <Card as="article" className="executor-card" aria-labelledby={headingId}>
      <p className="executor-card__type">{profileTypeLabel(executor.type)}</p>
      <h2 id={headingId} className="executor-card__title">
        <Link to={`/executor/${executor.id}`} state={fromState}>
          {executor.name}
        </Link>
      </h2>
      <dl className="facts">
        <div>
          <dt>{addressLabel(executor.type)}</dt>
          <dd>{executor.address?.value || 'Не указан'}</dd>
        </div>
        <div>
          <dt>Опыт на сервисе</dt>
          <dd>{completedText(executor.completedCount)}</dd>
        </div>
        {executor.rating && (
          <div>
            <dt>Рейтинг</dt>
            <dd>{ratingText(executor.rating)}</dd>
          </div>
        )}
      </dl>
      <ExecutorServiceTags services={executor.services} />
    </Card>
  );
}
