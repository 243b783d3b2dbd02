import { Link } from 'react-router-dom';
import { Card, pluralize, type Facility } from 'shared';
import { facilityPaths } from '../lib/paths';

export const documentsCount = (count: number) => (count === 0 ? 'Документов нет' : `${count} ${pluralize(count, ['документ', 'документа', 'документов'])}`);

export function FacilityCard({ facility }: { facility: Facility }) {
  return (
    <Card as="article" className="facility-card">
      <h2 className="facility-card__title">
        <Link to={facilityPaths.detail(facility.id)}>{facility.name}</Link>
      </h2>
      <p className="facility-card__meta">{facility.type.name}</p>
      <p className="facility-card__meta">{facility.address.value || 'Адрес не указан'}</p>
      <p className="facility-card__meta">{documentsCount(facility.documents.length)}</p>
    </Card>
  );
}
