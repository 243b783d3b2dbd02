import type { Address, Party } from 'shared/contract';
import { z } from 'zod';
import { toAddress } from '../address/dadata';
import { findById, type DadataConnection } from './find-by-id';

/** Company lookup by INN (`organization/get-dadata`); null when the register has no such company. */
export interface PartyLookup {
  /** Throws DadataUnavailable when the service cannot answer. */
  byInn(inn: string): Promise<Party | null>;
}

// The fields of DaData's party suggestion the form uses (https://dadata.ru/api/find-party/).
const text = z.string().nullish();
const partySuggestionSchema = z.object({
  value: z.string(),
  data: z.object({
    inn: z.string(),
    kpp: text,
    ogrn: text,
    type: text,
    name: z.object({ short_with_opf: text, full_with_opf: text }).partial().nullish(),
    address: z
      .object({
        value: z.string(),
        data: z
          .object({
            city_fias_id: text,
            settlement_fias_id: text,
            geo_lat: z.union([z.string(), z.number()]).nullish(),
            geo_lon: z.union([z.string(), z.number()]).nullish(),
          })
          .nullish(),
      })
      .nullish(),
    management: z.object({ name: text, post: text }).nullish(),
    state: z.object({ status: text }).partial().nullish(),
  }),
});
type PartySuggestion = z.infer<typeof partySuggestionSchema>;

export function toParty({ value, data }: PartySuggestion): Party {
  const address: Address | null = data.address ? toAddress(data.address) : null;
  return {
    inn: data.inn,
    kpp: data.kpp || null,
    ogrn: data.ogrn || null,
    name: data.name?.short_with_opf || value,
    fullName: data.name?.full_with_opf || null,
    address,
    director: data.management?.name || null,
    directorPost: data.management?.post || null,
  };
}

/**
 * DaData's findById/party. One INN may answer several suggestions (the head office and its
 * branches): the head office (`branch_type` MAIN, DaData's default order) comes first, and a
 * company still active is preferred over a liquidated one.
 */
export function dadataPartyLookup(connection: DadataConnection): PartyLookup {
  return {
    async byInn(inn) {
      const suggestions = await findById(connection, 'party', { query: inn, count: 5 }, partySuggestionSchema);
      const matching = suggestions.filter((s) => s.data.inn === inn);
      const chosen = matching.find((s) => s.data.state?.status !== 'LIQUIDATED') ?? matching[0];
      return chosen ? toParty(chosen) : null;
    },
  };
}
