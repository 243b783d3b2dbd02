import type { Facility } from 'shared';
import { entityTitle } from '../../../lib/entity-title';

/** The facility page's title: the server's head and the tab after a client navigation alike. */
export function facilityTitle(facility: Facility): string {
  const address = facility.address.value;
  return entityTitle(facility.name, `${facility.type.name.toLowerCase()}${address ? `, ${address}` : ''}`);
}
