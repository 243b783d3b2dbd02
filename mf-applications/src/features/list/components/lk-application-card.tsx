import { useId } from 'react';
import { Link } from 'react-router-dom';
import { applicationStatusLabels, calendarDateIn, Card, formatApplicationPrice, formatDate, useFromState, type Application } from 'shared';
import { lkStatusLabel, type Participation } from 'shared/lk';
import { PastDeadlineMark } from '../../../components/past-deadline';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import './list.css';

const dateOrDash = (value: string | null) => (value ? formatDate(value) : 'Не указан');

/** A draft opens in the form to be finished; anything else on its detail page. */
export function hrefOf(application: Pick<Application, 'id' | 'status'>): string {
  return application.status === 'draft' ? lkApplicationPaths.edit(application.id) : lkApplicationPaths.detail(application.id);
}

const COLLECTING: ReadonlySet<Application['status']> = new Set(['published', 'unpublished']);

export function LkApplicationCard({ application }: { application: Application & { participation?: Participation | undefined; activeReplies?: number | undefined } }) {
  const headingId = useId();
  // The list's tab and page go with the link, for the detail's «Мои заявки» to come back to them.
  const from = useFromState();
  const { status } = application;
  // Another executor's deal is not his: its status gets the plain look, not that deal's colour.
  const label = lkStatusLabel(application, calendarDateIn());
  const shown = label === applicationStatusLabels[status] ? status : 'other';
  return (
    <Card as="article" className="lk-card" aria-labelledby={headingId}>
      <div className="lk-card__top">
        <span className={`lk-card__status lk-card__status--${shown}`}>{label}</span>
        <span className="lk-card__number">№ {application.number}</span>
      </div>
      <h2 id={headingId} className="lk-card__title">
        <Link to={hrefOf(application)} state={from}>{application.name || 'Без названия'}</Link>
      </h2>
      <dl className="lk-card__facts">
        <div>
          <dt>Цена</dt>
          <dd>{application.price == null ? 'Не указана' : formatApplicationPrice(application.price)}</dd>
        </div>
        <div>
          <dt>Срок выполнения</dt>
          <dd>
            {dateOrDash(application.deadline)}
            <PastDeadlineMark application={application} />
          </dd>
        </div>
        <div>
          <dt>Приём откликов до</dt>
          <dd>{dateOrDash(application.feedbackDeadline)}</dd>
        </div>
        {/* The customer's card while replies come: how many wait on it, without opening it. */}
        {application.activeReplies !== undefined && COLLECTING.has(status) && (
          <div>
            <dt>Отклики</dt>
            <dd>{application.activeReplies === 0 ? 'пока нет' : application.activeReplies}</dd>
          </div>
        )}
      </dl>
      {status === 'draft' && <p className="lk-card__hint">Черновик: откройте, чтобы дополнить и опубликовать</p>}
    </Card>
  );
}
