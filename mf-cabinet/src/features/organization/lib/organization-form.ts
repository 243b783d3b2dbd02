import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { bodySchemaOf, type Address, type CallBody } from 'shared';
import { organizationCreate, type Organization, type Party } from 'shared/lk';

/**
 * The organisation form holds text (and the city chosen); the call's own schema (with the INN, KPP
 * and OGRN checks of `shared/src/requisites`) judges it, so the form and the API refuse the same
 * numbers the same way.
 */
export const organizationFormSchema = bodySchemaOf(organizationCreate);

export interface OrganizationFormValues {
  inn: string;
  name: string;
  kpp: string;
  ogrn: string;
  address: string;
  /** «Город»: a city chosen from the suggestions, or none. */
  city: Address | null;
  description: string;
}
/** What the schema makes of the text: digits normalised, blanks as null, the address as an object. */
export type OrganizationFormOutput = CallBody<typeof organizationCreate> & { address?: Address | null | undefined };

/** The schema's optional fields take `unknown` (blank strings become null): the form's own types are the strings it holds. */
export const organizationResolver = zodResolver(organizationFormSchema) as unknown as Resolver<OrganizationFormValues, unknown, OrganizationFormOutput>;

export const ORGANIZATION_FIELDS = ['inn', 'name', 'kpp', 'ogrn', 'address', 'city', 'description'] as const;

/** The fields' labels, in the order of the form: a notice of fields changed elsewhere names them. */
export const ORGANIZATION_FIELD_LABELS: Record<(typeof ORGANIZATION_FIELDS)[number], string> = {
  inn: 'ИНН',
  name: 'Название',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  address: 'Юридический адрес',
  city: 'Город',
  description: 'Описание',
};

export const EMPTY_ORGANIZATION: OrganizationFormValues = { inn: '', name: '', kpp: '', ogrn: '', address: '', city: null, description: '' };

export function organizationFormValues(organization: Organization): OrganizationFormValues {
  return {
    inn: organization.inn,
    name: organization.name,
    kpp: organization.kpp ?? '',
    ogrn: organization.ogrn ?? '',
    address: organization.address?.value ?? '',
    city: organization.city ?? null,
    description: organization.description ?? '',
  };
}

export function partyFormValues(party: Party): Omit<OrganizationFormValues, 'city' | 'description'> {
  return { inn: party.inn, name: party.name, kpp: party.kpp ?? '', ogrn: party.ogrn ?? '', address: party.address?.value ?? '' };
}

/** What the form knows of the organisation beyond its text: the address looked up (or stored), the city it names. */
export interface KnownOrganization {
  address: Address | null | undefined;
  city?: Address | null | undefined;
}

/**
 * The call's body. A looked-up (or stored) address carries its city and coordinates; the text
 * typed by hand has none: while the text is still the known one, the whole address goes back.
 * «Город» goes when it names a city, or to clear the one the organisation named: left empty, it
 * leaves the city of the legal address (DaData's) to stand for the organisation's.
 */
export function organizationBody({ city, ...output }: OrganizationFormOutput, known: KnownOrganization | null): OrganizationFormOutput {
  const body = known?.address && output.address?.value === known.address.value ? { ...output, address: known.address } : output;
  return city || known?.city ? { ...body, city: city ?? null } : body;
}
