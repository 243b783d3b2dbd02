import { readFile } from 'node:fs/promises';
import type { Address } from 'shared/contract';
import { builtInCities } from './built-in-cities';
import { csvRecords } from './csv';
import { addressUnavailable, type AddressProvider } from './types';

export interface GazetteerEntry {
  value: string;
  city: string;
  /** Searched, not answered: makes 'Татарстан' find Kazan, whose DaData value is 'г Казань'. */
  region: string;
  fiasId: string | null;
  lat: number | null;
  lon: number | null;
  population: number;
}

export interface Indexed extends GazetteerEntry {
  cityKey: string;
  valueKey: string;
  words: string[];
}

/** Case, ё/е and punctuation do not matter: 'ростов на дону' finds 'Ростов-на-Дону'. */
export function normalizeForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const numberOrNull = (s: string | undefined) => {
  if (!s?.trim()) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

/** Rows of a CSV shaped like hflabs/city (DaData's column names); rows without a FIAS id are skipped. */
export function entriesFromCsv(text: string): GazetteerEntry[] {
  const records = csvRecords(text);
  const first = records[0];
  if (first && !('address' in first && 'fias_id' in first && 'geo_lat' in first)) {
    throw new Error('gazetteer CSV lacks the columns address, fias_id, geo_lat');
  }
  return records
    .filter((r) => r.fias_id && r.address)
    .map((r) => ({
      value: r.address!,
      // Moscow, St Petersburg and Sevastopol are regions of type 'г' with no separate city.
      city: r.city || r.settlement || r.region || r.address!,
      region: `${r.region_type ?? ''} ${r.region ?? ''}`.trim(),
      fiasId: r.fias_id!,
      lat: numberOrNull(r.geo_lat),
      lon: numberOrNull(r.geo_lon),
      population: numberOrNull(r.population) ?? 0,
    }));
}

export function indexEntries(entries: readonly GazetteerEntry[]): Indexed[] {
  return entries.map((e) => ({
    ...e,
    cityKey: normalizeForSearch(e.city),
    valueKey: normalizeForSearch(e.value),
    words: normalizeForSearch(`${e.value} ${e.region}`).split(' '),
  }));
}

/** Exact city first, then city or address starting with the query, then any word match; larger cities first. */
export function searchEntries(entries: readonly Indexed[], query: string, limit: number): GazetteerEntry[] {
  const q = normalizeForSearch(query);
  if (!q) return [];
  const terms = q.split(' ');
  const rank = (e: Indexed) => {
    if (e.cityKey === q) return 0;
    if (e.cityKey.startsWith(q) || e.valueKey.startsWith(q)) return 1;
    return terms.every((t) => e.words.some((w) => w.startsWith(t))) ? 2 : -1;
  };
  return entries
    .map((e) => ({ e, r: rank(e) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || b.e.population - a.e.population)
    .slice(0, limit)
    .map((x) => x.e);
}

const toAddress = (e: GazetteerEntry): Address => ({ value: e.value, cityFiasId: e.fiasId, geoLat: e.lat, geoLon: e.lon });

/**
 * Offline provider: the CSV at `file` (read on first use, once), or the built-in largest
 * cities when no file is configured. It holds no IP ranges, so `locateIp` is always null:
 * guessing the largest city would put every visitor in Moscow.
 */
export function gazetteerProvider(options: { file?: string; onError?: (err: unknown) => void } = {}): AddressProvider {
  let loading: Promise<Indexed[]> | undefined;
  const load = () => {
    loading ??= options.file
      ? readFile(options.file, 'utf8').then((text) => indexEntries(entriesFromCsv(text)))
      : Promise.resolve(indexEntries(builtInCities));
    // A failed read is retried on the next request rather than cached.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  return {
    name: 'gazetteer',
    async search(query, limit) {
      let entries: Indexed[];
      try {
        entries = await load();
      } catch (err) {
        options.onError?.(err);
        throw addressUnavailable();
      }
      return searchEntries(entries, query, limit).map(toAddress);
    },
    async locateIp() {
      return null;
    },
  };
}
