import type { Address } from 'shared/contract';
import { z } from 'zod';
import { addressUnavailable, type AddressProvider } from './types';

// The fields of a DaData suggestion the product keeps (https://dadata.ru/api/suggest/address/).
const suggestionSchema = z.object({
  value: z.string(),
  data: z
    .object({
      city_fias_id: z.string().nullish(),
      settlement_fias_id: z.string().nullish(),
      geo_lat: z.union([z.string(), z.number()]).nullish(),
      geo_lon: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});
const suggestResponse = z.object({ suggestions: z.array(suggestionSchema) });
const iplocateResponse = z.object({ location: suggestionSchema.nullable() });

const coordinate = (v: string | number | null | undefined) => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export function toAddress(s: z.infer<typeof suggestionSchema>): Address {
  return {
    value: s.value,
    cityFiasId: s.data?.city_fias_id || s.data?.settlement_fias_id || null,
    geoLat: coordinate(s.data?.geo_lat),
    geoLon: coordinate(s.data?.geo_lon),
  };
}

// DaData's granularity bounds (https://dadata.ru/api/suggest/address/, «Гранулярные подсказки»):
// a city or a settlement, named alone, never a street within it.
const CITY_BOUNDS = { from_bound: { value: 'city' }, to_bound: { value: 'settlement' } };

export interface DadataOptions {
  token: string;
  /** e.g. https://suggestions.dadata.ru */
  baseUrl: string;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

/** DaData suggestions and iplocate; any failure (network, status, shape) becomes a 502 for the caller. */
export function dadataProvider(options: DadataOptions): AddressProvider {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/suggestions/api/4_1/rs`;
  async function call<T>(schema: z.ZodType<T>, url: string, init: RequestInit = {}): Promise<T> {
    try {
      const res = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', authorization: `Token ${options.token}`, ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!res.ok) throw new Error(`DaData answered ${res.status}`);
      return schema.parse(await res.json());
    } catch (err) {
      options.onError?.(err);
      throw addressUnavailable();
    }
  }
  return {
    name: 'dadata',
    async search(query, limit, bound) {
      const body = await call(suggestResponse, `${base}/suggest/address`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, count: limit, ...(bound === 'city' ? CITY_BOUNDS : {}) }),
      });
      return body.suggestions.map(toAddress);
    },
    async locateIp(ip) {
      const body = await call(iplocateResponse, `${base}/iplocate/address?ip=${encodeURIComponent(ip)}`);
      return body.location ? toAddress(body.location) : null;
    },
  };
}
