import type { Facility } from 'shared';

/** The facility page's title: the server's head and the tab after a client navigation alike. */
export function facilityTitle(facility: Facility): string {
  const address = facility.address.value;
  return `${facility.name} — ${facility.type.name.toLowerCase()}${address ? `, ${address}` : ''}`;
}
