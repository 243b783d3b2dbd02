import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BackLink, PageHeader, useDocumentTitle, type Facility } from 'shared';
import { facilityPaths } from '../lib/paths';
import { PointMap } from '../map/facility-maps';
import { DeleteFacility } from './delete-facility';
import { FacilityDocuments } from './facility-documents';

export function FacilityDetail({ facility }: { facility: Facility }) {
  const aboutId = useId();
  const addressId = useId();
  const { address } = facility;
  // The tab names the facility, as every other record's page does (the route's is «Объект»).
  useDocumentTitle(facility.name);
  return (
    <>
      <PageHeader
        title={facility.name}
        description={facility.type.name}
        actions={
          facility.editable ? (
            <>
              <Link className="ui-button ui-button--primary ui-button--md" to={facilityPaths.edit(facility.id)}>
                Изменить
              </Link>
              <DeleteFacility id={facility.id} name={facility.name} />
            </>
          ) : undefined
        }
      />
      <section className="facility-section" aria-labelledby={aboutId}>
        <h2 id={aboutId}>Описание</h2>
        <p className="facility-detail__description">{facility.description || 'Описания нет.'}</p>
      </section>
      <section className="facility-section" aria-labelledby={addressId}>
        <h2 id={addressId}>Адрес</h2>
        <p>{address.value || 'Адрес не указан'}</p>
        <PointMap point={address} label={address.value || facility.name} />
      </section>
      <FacilityDocuments facilityId={facility.id} documents={facility.documents} editable={facility.editable} />
      <BackLink to={facilityPaths.list}>К моим объектам</BackLink>
    </>
  );
}
