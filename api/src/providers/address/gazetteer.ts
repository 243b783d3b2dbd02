import { readFile } from 'node:fs/promises';
import type { Address, AddressBound } from 'shared/contract';
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
  /** The region's capital (the CSV's capital_marker 2): offered first when only its region is typed. */
  capital?: boolean;
}

export interface Indexed extends GazetteerEntry {
  cityKey: string;
  valueKey: string;
  /** Words of the city's own name. */
  cityWords: string[];
  /** Words of the region's name without its type ('Московская обл' → ['московская']). */
  regionWords: string[];
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

/** Kinds of region, abbreviated as DaData writes them or in full as people type them. */
const REGION_TYPE_WORDS = new Set(['г', 'город', 'обл', 'область', 'респ', 'республика', 'край', 'ао', 'аобл', 'автономный', 'автономная', 'округ']);

const regionNameWords = (text: string) =>
  normalizeForSearch(text)
    .split(' ')
    .filter((w) => w && !REGION_TYPE_WORDS.has(w));

/** A city typed with its kind ('г Химки') is looked for by its name. */
const withoutCityType = (key: string) => key.replace(/^(г|город) /, '');

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
      // A town that heads its own district ('Московская обл, г Одинцово') has an empty city column
      // and its name under area; Moscow, St Petersburg and Sevastopol are regions of type 'г' with
      // no separate city.
      city: r.city || r.settlement || r.area || r.region || r.address!,
      region: `${r.region_type ?? ''} ${r.region ?? ''}`.trim(),
      fiasId: r.fias_id!,
      lat: numberOrNull(r.geo_lat),
      lon: numberOrNull(r.geo_lon),
      population: numberOrNull(r.population) ?? 0,
      capital: r.capital_marker === '2',
    }));
}

export function indexEntries(entries: readonly GazetteerEntry[]): Indexed[] {
  return entries.map((e) => {
    const cityKey = normalizeForSearch(e.city);
    return {
      ...e,
      cityKey,
      valueKey: normalizeForSearch(e.value),
      cityWords: cityKey.split(' '),
      regionWords: regionNameWords(e.region),
      words: normalizeForSearch(`${e.value} ${e.region}`).split(' '),
    };
  });
}

/** Ranks of a match, best first; a match in the city's own name outranks one in its region or district only. */
const EXACT_CITY = 0;
const CITY_PREFIX = 1;
const CITY_WORD = 2;
const REGION_OR_ADDRESS = 3;

/**
 * Exact city first, then a city starting with the query, then a city with a word starting with
 * it ('Новгород' → Великий Новгород), then a match in the region or district only; larger
 * cities first within each.
 */
function rankedEntries(entries: readonly Indexed[], query: string): { e: Indexed; r: number }[] {
  const q = normalizeForSearch(query);
  if (!q) return [];
  const terms = q.split(' ');
  const cq = withoutCityType(q);
  const cityTerms = cq.split(' ');
  const rank = (e: Indexed) => {
    if (e.cityKey === cq) return EXACT_CITY;
    if (e.cityKey.startsWith(cq)) return CITY_PREFIX;
    if (cityTerms.every((t) => e.cityWords.some((w) => w.startsWith(t)))) return CITY_WORD;
    if (e.valueKey.startsWith(q) || terms.every((t) => e.words.some((w) => w.startsWith(t)))) return REGION_OR_ADDRESS;
    return -1;
  };
  return entries
    .map((e) => ({ e, r: rank(e) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || b.e.population - a.e.population);
}

const toAddress = (e: GazetteerEntry): Address => ({ value: e.value, cityFiasId: e.fiasId, geoLat: e.lat, geoLon: e.lon });

/** A known city typed first and the rest of the text, taken as a street in it. */
interface StreetMatch {
  city: GazetteerEntry;
  rest: string;
}

/** The street as typed after the city's address, at the city's point. */
const withStreet = ({ city, rest }: StreetMatch): Address => ({ ...toAddress(city), value: `${city.value}, ${rest}` });

/**
 * A street address typed after a city the gazetteer knows («Казань, ул Баумана, д 5», «Москва
 * Тверская 1», or a suggestion taken and continued: «Московская обл, г Химки, ул Ленина»): the
 * city, and the rest as typed. The gazetteer has no streets: without this an application or a
 * facility could not be given a street on the embedded default (DaData, when configured, answers
 * real street addresses). Only a match in the city's own name counts: a region before the comma
 * is handled by `suggestAddresses`. Text that names a city whole is that city, not a shorter
 * city and a street («Ростов на Дону» is not Ростов of Ярославская обл, «на Дону»).
 */
function streetMatches(entries: readonly Indexed[], query: string, limit: number): StreetMatch[] {
  const typed = query.trim().replace(/\s+/g, ' ');
  const found: StreetMatch[] = [];
  const comma = typed.indexOf(',');
  if (comma > 0) {
    // The longest typed run, up to a comma, that is a whole suggestion.
    for (let at = typed.lastIndexOf(','); at > 0 && found.length === 0; at = typed.lastIndexOf(',', at - 1)) {
      const rest = typed.slice(at + 1).trim().replace(/^[,\s]+/, '');
      const key = normalizeForSearch(typed.slice(0, at));
      if (normalizeForSearch(rest)) found.push(...entries.filter((e) => e.valueKey === key).map((city) => ({ city, rest })));
    }
    const rest = typed.slice(comma + 1).trim().replace(/^[,\s]+/, '');
    if (normalizeForSearch(rest)) {
      const cities = rankedEntries(entries, typed.slice(0, comma)).filter((x) => x.r <= CITY_WORD);
      found.push(...cities.slice(0, limit).map((x) => ({ city: x.e, rest })));
    }
  } else {
    const whole = withoutCityType(normalizeForSearch(typed));
    if (entries.some((e) => e.cityKey === whole)) return [];
    // The longest run of leading words that names a city exactly («Ростов-на-Дону Садовая»).
    const tokens = typed.split(' ');
    for (let take = tokens.length - 1; take >= 1 && found.length === 0; take -= 1) {
      const key = withoutCityType(normalizeForSearch(tokens.slice(0, take).join(' ')));
      const cities = entries.filter((e) => e.cityKey === key).sort((a, b) => b.population - a.population);
      const rest = tokens.slice(take).join(' ');
      found.push(...cities.slice(0, limit).map((city) => ({ city, rest })));
    }
  }
  return found.slice(0, limit);
}

/**
 * The region a query starts with, typed the usual Russian way («Московская обл, Химки»,
 * «Татарстан»), and what follows it; null when the first part names no region or names a city
 * («Москва, Тверская»).
 */
export function regionScope(entries: readonly Indexed[], query: string): { entries: Indexed[]; rest: string } | null {
  const typed = query.trim().replace(/\s+/g, ' ');
  const comma = typed.indexOf(',');
  const head = comma >= 0 ? typed.slice(0, comma) : typed;
  const rest = comma >= 0 ? typed.slice(comma + 1).trim().replace(/^[,\s]+/, '') : '';
  const name = regionNameWords(head);
  if (name.length === 0) return null;
  const cityKey = withoutCityType(normalizeForSearch(head));
  if (entries.some((e) => e.cityKey === cityKey)) return null;
  const inRegion = entries.filter((e) => name.every((w) => e.regionWords.includes(w)));
  return inRegion.length ? { entries: inRegion, rest } : null;
}

/**
 * Suggestions for a query: a region typed first narrows the search to its cities. A city whose
 * name the text is, or begins, comes first: «Ростов на Дону» is г Ростов-на-Дону before any
 * street of a shorter city. With `bound` 'city', cities only, by their own names: after those the
 * text names, the city a street was typed after («Казань ул» → г Казань), nothing appended.
 */
export function suggestAddresses(entries: readonly Indexed[], query: string, limit: number, bound?: AddressBound): Address[] {
  const scope = regionScope(entries, query);
  if (scope && !normalizeForSearch(scope.rest)) {
    // A region alone: its capital, then its largest cities.
    return [...scope.entries]
      .sort((a, b) => Number(Boolean(b.capital)) - Number(Boolean(a.capital)) || b.population - a.population)
      .slice(0, limit)
      .map(toAddress);
  }
  const ranked = scope ? rankedEntries(scope.entries, scope.rest).slice(0, limit) : rankedEntries(entries, query).slice(0, limit);
  const named = ranked.filter((x) => x.r <= CITY_PREFIX).map((x) => toAddress(x.e));
  const others = ranked.filter((x) => x.r > CITY_PREFIX).map((x) => toAddress(x.e));
  const typedAfter = [...streetMatches(entries, query, limit), ...(scope ? streetMatches(scope.entries, scope.rest, limit) : [])];
  const found = bound === 'city' ? [...named, ...others, ...typedAfter.map((m) => toAddress(m.city))] : [...named, ...typedAfter.map(withStreet), ...others];
  return found.filter((address, index) => found.findIndex((other) => other.value === address.value) === index).slice(0, limit);
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
    async search(query, limit, bound) {
      let entries: Indexed[];
      try {
        entries = await load();
      } catch (err) {
        options.onError?.(err);
        throw addressUnavailable();
      }
      return suggestAddresses(entries, query, limit, bound);
    },
    async locateIp() {
      return null;
    },
  };
}
