import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, errorMessage } from 'shared';
import { FRESH_APPLICATIONS, useApplications } from '../api/get-applications';
import { ApplicationCard } from './application-card';
import { ApplicationCardSkeletonList } from './application-card-skeleton';
import './applications.css';

/** The newest applications, for the home page (its cards sit under this section's h2). */
export function FreshApplications() {
  const { data, error, isPending, isError, refetch } = useApplications(FRESH_APPLICATIONS);

  return (
    <section className="home-section" aria-labelledby="fresh-applications-title">
      <div className="home-section__head">
        <h2 id="fresh-applications-title">Свежие заявки</h2>
        <Link to="/application?attributeSort=createdAt&typeSort=desc">Все заявки</Link>
      </div>
      {isPending ? (
        <div aria-busy="true">
          <p role="status" className="ui-visually-hidden">
            Загружаем заявки…
          </p>
          <ApplicationCardSkeletonList />
        </div>
      ) : isError ? (
        <ErrorState message={errorMessage(error, 'Не удалось загрузить заявки')} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="Заявок пока нет" description="Опубликуйте первую — исполнители откликнутся." />
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
