import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { bodySchemaOf, type Address, type CallBody } from 'shared';
import { organizationCreate, type Organization, type Party } from 'shared/lk';

/**
 * The organisation form holds text; the call's own schema (with the INN, KPP and OGRN checks of
 * `shared/src/requisites`) judges it, so the form and the API refuse the same numbers the same way.
 */
export const organizationFormSchema = bodySchemaOf(organizationCreate);

export interface OrganizationFormValues {
  inn: string;
  name: string;
  kpp: string;
  ogrn: string;
  address: string;
  description: string;
}
/** What the schema makes of the text: digits normalised, blanks as null, the address as an object. */
export type OrganizationFormOutput = CallBody<typeof organizationCreate> & { address?: Address | null | undefined };

/** The schema's optional fields take `unknown` (blank strings become null): the form's own types are the strings it holds. */
export const organizationResolver = zodResolver(organizationFormSchema) as unknown as Resolver<OrganizationFormValues, unknown, OrganizationFormOutput>;

export const ORGANIZATION_FIELDS = ['inn', 'name', 'kpp', 'ogrn', 'address', 'description'] as const;

export const EMPTY_ORGANIZATION: OrganizationFormValues = { inn: '', name: '', kpp: '', ogrn: '', address: '', description: '' };

export function organizationFormValues(organization: Organization): OrganizationFormValues {
  return {
    inn: organization.inn,
    name: organization.name,
    kpp: organization.kpp ?? '',
    ogrn: organization.ogrn ?? '',
    address: organization.address?.value ?? '',
    description: organization.description ?? '',
  };
}

export function partyFormValues(party: Party): Omit<OrganizationFormValues, 'description'> {
  return { inn: party.inn, name: party.name, kpp: party.kpp ?? '', ogrn: party.ogrn ?? '', address: party.address?.value ?? '' };
}

/**
 * A looked-up (or stored) address carries its city and coordinates; the text typed by hand has
 * none. While the text is still the known one, the whole address goes back.
 */
export function withKnownAddress(output: OrganizationFormOutput, known: Address | null | undefined): OrganizationFormOutput {
  if (known && output.address && output.address.value === known.value) return { ...output, address: known };
  return output;
}
