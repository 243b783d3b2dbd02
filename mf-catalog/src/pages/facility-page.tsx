import { useParams } from 'react-router-dom';
import { BackLink, facilityDocumentPublicDownload, NotFoundState, QueryView, useDocumentTitle, type Facility } from 'shared';
import { addressMap } from '../components/address-map';
import { DetailsSkeleton } from '../components/details-skeleton';
import '../components/catalog.css';
import { DocumentList } from '../features/documents/components/document-list';
import { useFacility } from '../features/facilities/api/get-facility';
import { FacilityDetails, ownerPage } from '../features/facilities/components/facility-details';
import { facilityTitle } from '../features/facilities/lib/facility-title';
import { FACILITY_NOT_FOUND } from '../lib/not-found';
import { parseRouteId } from '../lib/route-id';

/** The page's h1 before its facility is known: while it loads, and when it fails. */
const HEADING = 'Объект';

/** Описание and Адрес with its map beside Сведения and Документы. */
const FACILITY_SECTIONS = ['22rem', '10rem'];

/**
 * The way back from a facility. The catalogue has no list or map of facilities (the only list is
 * the owner's own, in the cabinet), so it leads up to the facility's owner, as the page's «Владелец»
 * does: an executor's profile, a customer's applications (a facility is where they are done, and an
 * application is what links to it). Known with the facility; a missing one's page offers its own way.
 */
function OwnerBackLink({ owner }: { owner: Facility['owner'] }) {
  const { href, label } = ownerPage(owner);
  return <BackLink to={href}>{label}</BackLink>;
}

function FacilityView({ id }: { id: number }) {
  const query = useFacility(id);
  useDocumentTitle(query.data && facilityTitle(query.data));
  return (
    <QueryView
      query={query}
      heading={HEADING}
      loadingLabel="Загружаем объект…"
      skeleton={<DetailsSkeleton label="Загружаем объект…" title={HEADING} sections={FACILITY_SECTIONS} split />}
      errorFallback="Не удалось загрузить объект"
      notFound={FACILITY_NOT_FOUND}
    >
      {(facility) => (
        <>
          <OwnerBackLink owner={facility.owner} />
          <FacilityDetails
            facility={facility}
            addressMap={addressMap(facility)}
            documents={<DocumentList documents={facility.documents} call={facilityDocumentPublicDownload} />}
          />
        </>
      )}
    </QueryView>
  );
}

/** `/facility/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  return <div className="catalog-page">{id === null ? <NotFoundState {...FACILITY_NOT_FOUND} /> : <FacilityView id={id} />}</div>;
}
