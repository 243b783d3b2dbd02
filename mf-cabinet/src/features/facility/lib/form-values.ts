import { z } from 'zod';
import { addressSchema, type Address, type Facility } from 'shared';
import { FACILITY_MESSAGES, facilityFieldsSchema } from 'shared/lk';
import type { FacilityFieldsInput } from '../api/save-facility';

export const COORDINATE_MESSAGES = {
  lat: 'Широта — число от −90 до 90',
  lon: 'Долгота — число от −180 до 180',
  pair: 'Укажите обе координаты или ни одной',
} as const;

/** A decimal number, signed or not, its fraction after a point (the comma made one already). */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * '55,7963' and '55.7963' alike, '−37,6' with the typographic minus too; '' is no coordinate;
 * anything else NaN. Decimal only: `Number` took «0x49» for 73 and «5.5e1» for 55 (QA AAY-3).
 */
export function parseCoordinate(text: string): number | null {
  const compact = text.trim().replace(',', '.').replace('\u2212', '-');
  if (compact === '') return null;
  return DECIMAL.test(compact) ? Number(compact) : Number.NaN;
}

export const formatCoordinate = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 1e6) / 1e6) : '');

const coordinate = (max: number, message: string) =>
  z.string().refine((text) => {
    const value = parseCoordinate(text);
    return value === null || (Number.isFinite(value) && Math.abs(value) <= max);
  }, message);

/** The contract's field rules (`profile/facility/create`), the address as an object and its point as two texts. */
export const facilityFormSchema = z
  .object({
    name: facilityFieldsSchema.shape.name,
    typeId: facilityFieldsSchema.shape.typeId,
    description: facilityFieldsSchema.shape.description,
    address: addressSchema.optional().refine((address) => Boolean(address?.value), FACILITY_MESSAGES.addressRequired),
    geoLat: coordinate(90, COORDINATE_MESSAGES.lat),
    geoLon: coordinate(180, COORDINATE_MESSAGES.lon),
  })
  .superRefine((values, ctx) => {
    const lat = parseCoordinate(values.geoLat);
    const lon = parseCoordinate(values.geoLon);
    if ((lat === null) !== (lon === null)) ctx.addIssue({ code: 'custom', path: [lat === null ? 'geoLat' : 'geoLon'], message: COORDINATE_MESSAGES.pair });
  });

export type FacilityFormInput = z.input<typeof facilityFormSchema>;
export type FacilityFormOutput = z.output<typeof facilityFormSchema>;

/** In the order of the form: the server's per-field errors land on these. */
export const FORM_FIELDS = ['name', 'typeId', 'description', 'address', 'geoLat', 'geoLon'] as const;

/** The fields' labels, in the order of the form: a notice of fields changed elsewhere names them. */
export const FIELD_LABELS: Record<(typeof FORM_FIELDS)[number], string> = {
  name: 'Название',
  typeId: 'Тип объекта',
  description: 'Описание',
  address: 'Адрес объекта',
  geoLat: 'Широта',
  geoLon: 'Долгота',
};

export const emptyFormValues = (): FacilityFormInput => ({ name: '', typeId: '', description: '', address: undefined, geoLat: '', geoLon: '' });

export function formValuesOf(facility: Facility): FacilityFormInput {
  return {
    name: facility.name,
    typeId: String(facility.type.id),
    description: facility.description,
    address: facility.address.value ? facility.address : undefined,
    geoLat: formatCoordinate(facility.address.geoLat),
    geoLon: formatCoordinate(facility.address.geoLon),
  };
}

/** What the multipart request carries: the point chosen on the map wins over the address's own. */
export function fieldsOf(values: FacilityFormOutput): FacilityFieldsInput {
  const address: Address = { ...values.address!, geoLat: parseCoordinate(values.geoLat), geoLon: parseCoordinate(values.geoLon) };
  return { name: values.name, typeId: values.typeId, description: values.description ?? '', address };
}
