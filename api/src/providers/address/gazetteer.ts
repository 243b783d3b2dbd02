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
 * A street address typed after a city the gazetteer knows («Казань, ул Баумана, д 5», «Москва
 * Тверская 1») comes back as the city's address with the rest as typed, at the city's point: the
 * gazetteer has no streets, and without this an application or a facility could not be given a
 * street on the embedded default (DaData, when configured, answers real street addresses).
 */
export function streetAddresses(entries: readonly Indexed[], query: string, limit: number): Address[] {
  const typed = query.trim().replace(/\s+/g, ' ');
  let cities: GazetteerEntry[] = [];
  let rest = '';
  const comma = typed.indexOf(',');
  if (comma > 0) {
    rest = typed.slice(comma + 1).trim().replace(/^,+\s*/, '');
    if (normalizeForSearch(rest)) cities = searchEntries(entries, typed.slice(0, comma), limit);
  } else {
    // The longest run of leading words that names a city exactly («Ростов-на-Дону Садовая»).
    const tokens = typed.split(' ');
    for (let take = tokens.length - 1; take >= 1 && cities.length === 0; take -= 1) {
      const key = normalizeForSearch(tokens.slice(0, take).join(' ')).replace(/^(г|город) /, '');
      const found = entries.filter((e) => e.cityKey === key).sort((a, b) => b.population - a.population);
      if (found.length) {
        cities = found.slice(0, limit);
        rest = tokens.slice(take).join(' ');
      }
    }
  }
  return cities.map((city) => ({ ...toAddress(city), value: `${city.value}, ${rest}` }));
}

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
      const found = [...streetAddresses(entries, query, limit), ...searchEntries(entries, query, limit).map(toAddress)];
      return found.filter((address, index) => found.findIndex((other) => other.value === address.value) === index).slice(0, limit);
    },
    async locateIp() {
      return null;
    },
  };
}
