import { useParams } from 'react-router-dom';
import { facilityDocumentPublicDownload, NotFoundState, QueryView, useDocumentTitle } from 'shared';
import { addressMap } from '../components/address-map';
import { DetailsSkeleton } from '../components/details-skeleton';
import '../components/catalog.css';
import { DocumentList } from '../features/documents/components/document-list';
import { useFacility } from '../features/facilities/api/get-facility';
import { FacilityDetails } from '../features/facilities/components/facility-details';
import { facilityTitle } from '../features/facilities/lib/facility-title';
import { FACILITY_NOT_FOUND } from '../lib/not-found';
import { parseRouteId } from '../lib/route-id';


/** Описание and Адрес with its map beside Сведения and Документы. */
const FACILITY_SECTIONS = ['22rem', '10rem'];

function FacilityView({ id }: { id: number }) {
  const query = useFacility(id);
  useDocumentTitle(query.data && facilityTitle(query.data));
  return (
    <QueryView
      query={query}
      heading="Объект"
      loadingLabel="Загружаем объект…"
      skeleton={<DetailsSkeleton label="Загружаем объект…" sections={FACILITY_SECTIONS} split />}
      errorFallback="Не удалось загрузить объект"
      notFound={FACILITY_NOT_FOUND}
    >
      {(facility) => (
        <FacilityDetails
          facility={facility}
          addressMap={addressMap(facility)}
          documents={<DocumentList documents={facility.documents} call={facilityDocumentPublicDownload} />}
        />
      )}
    </QueryView>
  );
}

/** `/facility/:id` */
export function Component() {
  const id = parseRouteId(useParams().id);
  return <div className="catalog-page">{id === null ? <NotFoundState {...FACILITY_NOT_FOUND} /> : <FacilityView id={id} />}</div>;
}
