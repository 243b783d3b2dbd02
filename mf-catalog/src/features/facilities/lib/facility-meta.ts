import { absoluteUrl, breadcrumbList, clampText, hasCoordinates, type Facility, type RouteMeta } from 'shared';
import { detailMeta, HOME_CRUMB } from '../../../lib/route-handle';
import { FACILITY_NOT_FOUND } from '../../../lib/not-found';
import { getFacilityQueryOptions } from '../api/get-facility';
import { facilityTitle } from './facility-title';

/** `/facility/:id`: a schema.org `Place` (with its point when known) and the trail Главная → facility. */
export const facilityMeta: RouteMeta = /* @__PURE__ */ detailMeta<Facility>({
  options: getFacilityQueryOptions,
  notFound: FACILITY_NOT_FOUND,
  fallback: (id) => ({ title: 'Объект', description: 'Объект на карте сервиса: адрес, описание и документы.', canonicalPath: `/facility/${id}` }),
  build: (facility, { url }) => {
    const path = `/facility/${facility.id}`;
    const address = facility.address.value;
    const description = clampText(`${facility.type.name} «${facility.name}»${address ? `, ${address}` : ''}. ${facility.description}`);
    const { geoLat, geoLon } = facility.address;
    const point = { geoLat: geoLat ?? null, geoLon: geoLon ?? null };
    return {
      title: facilityTitle(facility),
      description,
      canonicalPath: path,
      ogType: 'website',
      jsonLd: [
        {
          '@type': 'Place',
          name: facility.name,
          description,
          url: absoluteUrl(url.origin, path),
          ...(address ? { address: { '@type': 'PostalAddress', streetAddress: address, addressCountry: 'RU' } } : {}),
          ...(hasCoordinates(point) ? { geo: { '@type': 'GeoCoordinates', latitude: point.geoLat, longitude: point.geoLon } } : {}),
        },
        breadcrumbList(url.origin, [HOME_CRUMB, { name: facility.name, path }]),
      ],
    };
  },
});
