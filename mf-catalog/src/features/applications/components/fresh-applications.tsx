import { Link } from 'react-router-dom';
import { EmptyState, ERROR_STATE_FALLBACK, ErrorState, errorMessage, LoadingSkeleton, useQueryRetry } from 'shared';
import { FRESH_APPLICATIONS, useApplications } from '../api/get-applications';
import { NO_APPLICATIONS_YET } from '../lib/no-applications';
import { ApplicationCard } from './application-card';
import { ApplicationCardSkeletonList } from './application-card-skeleton';
import './applications.css';

/**
 * The newest applications, for the home page (its cards sit under this section's h2). Its failure
 * names the section; «Повторить» stays, busy, until the answer, then the heading takes its focus.
 */
export function FreshApplications() {
  const query = useApplications(FRESH_APPLICATIONS);
  const { data } = query;
  const retry = useQueryRetry<HTMLHeadingElement>(query);

  return (
    <section className="home-section" aria-labelledby="fresh-applications-title">
      <div className="home-section__head">
        <h2 ref={retry.target} id="fresh-applications-title" tabIndex={-1}>
          Свежие заявки
        </h2>
        <Link to="/application?attributeSort=createdAt&typeSort=desc">Все заявки</Link>
      </div>
      {retry.loading ? (
        <LoadingSkeleton>
          <div aria-busy="true">
            <p role="status" className="ui-visually-hidden">
              Загружаем заявки…
            </p>
            <ApplicationCardSkeletonList />
          </div>
        </LoadingSkeleton>
      ) : retry.failed || !data ? (
        <ErrorState
          title="Не удалось загрузить свежие заявки"
          message={errorMessage(retry.error, ERROR_STATE_FALLBACK)}
          onRetry={retry.retry}
          retrying={retry.retrying}
        />
      ) : data.items.length === 0 ? (
        <EmptyState title={NO_APPLICATIONS_YET.title} description={NO_APPLICATIONS_YET.description} />
      ) : (
        <ul className="application-grid">
          {data.items.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
