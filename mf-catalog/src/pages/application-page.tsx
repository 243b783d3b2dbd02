import { useParams } from 'react-router-dom';
import { applicationDocumentPublicDownload, BackLink, isNotFoundOrHiddenStatus, NotFoundState, QueryView, useDocumentTitle, useFromList, useLiveApplication } from 'shared';
import { addressMap } from '../components/address-map';
import { DetailsSkeleton } from '../components/details-skeleton';
import '../components/catalog.css';
import { useApplication } from '../features/applications/api/get-application';
import { ApplicationDetails } from '../features/applications/components/application-details';
import { DocumentList } from '../features/documents/components/document-list';
import { APPLICATION_NOT_FOUND } from '../lib/not-found';
import { parseRouteId } from '../lib/route-id';

/** Back to the list view the visitor came from (its filters and page), else to the plain list. */
function useBackTo(): string {
  return useFromList('/application') ?? '/application';
}


/** The page's h1 before its application is known: while it loads, and when it fails. */
const HEADING = 'Заявка';

/** Условия (five facts), Описание, Услуги, Адрес with its 280 px map, Документы. */
const APPLICATION_SECTIONS = ['10rem', '4rem', '2rem', '19rem', '2.5rem'];

function ApplicationView({ id }: { id: number }) {
  const query = useApplication(id);
  // The customer's steps (an executor named, the application stopped) reach a replier as notifications: shown without a reload.
  useLiveApplication(id);
  useDocumentTitle(query.data?.name);
  return (
    <QueryView
      query={query}
      heading={HEADING}
      loadingLabel="Загружаем заявку…"
      skeleton={<DetailsSkeleton label="Загружаем заявку…" title={HEADING} sections={APPLICATION_SECTIONS} />}
      errorFallback="Не удалось загрузить заявку"
      notFound={APPLICATION_NOT_FOUND}
      isNotFound={isNotFoundOrHiddenStatus}
    >
      {(application) => (
        <ApplicationDetails
          application={application}
          addressMap={addressMap(application)}
          documents={<DocumentList documents={application.documents} call={applicationDocumentPublicDownload} />}
        />
      )}
    </QueryView>
  );
}

/** `/application/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  const backTo = useBackTo();

  return (
    <div className="application-page">
      <BackLink to={backTo}>Назад к заявкам</BackLink>
      {id === null ? <NotFoundState {...APPLICATION_NOT_FOUND} /> : <ApplicationView id={id} />}
    </div>
  );
}
