import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './loopback';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeDadata {
  url: string;
  token: string;
  requests: RecordedRequest[];
  /** Makes the next answers fail with this status (or a dropped connection with 'drop') until reset with null. */
  failWith(status: number | 'drop' | null): void;
  close(): Promise<void>;
}

// Answers in DaData's documented shape (suggest/address and iplocate/address), coordinates as strings.
const kazan = {
  value: 'г Казань, ул Баумана',
  unrestricted_value: '420111, Респ Татарстан, г Казань, Вахитовский р-н, ул Баумана',
  data: {
    postal_code: '420111',
    region_with_type: 'Респ Татарстан',
    city_with_type: 'г Казань',
    city_fias_id: '93b3df57-4c89-44df-ac42-96f05e9cd3b9',
    settlement_fias_id: null,
    street_with_type: 'ул Баумана',
    geo_lat: '55.7887',
    geo_lon: '49.1221',
  },
};
const settlement = {
  value: 'Респ Татарстан, Лаишевский р-н, с Сокуры',
  unrestricted_value: '422624, Респ Татарстан, Лаишевский р-н, с Сокуры',
  data: { city_fias_id: null, settlement_fias_id: 'f2a0a7b0-2c2b-4c0a-9f8c-3c3a1c1e7d11', geo_lat: '55.6401', geo_lon: null },
};
// The same places at DaData's city-to-settlement granularity (from_bound city, to_bound settlement).
const kazanCity = {
  value: 'г Казань',
  unrestricted_value: '420000, Респ Татарстан, г Казань',
  data: { city_fias_id: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', settlement_fias_id: null, geo_lat: '55.7943584', geo_lon: '49.1114975' },
};
const moscow = {
  value: 'г Москва',
  unrestricted_value: '101000, г Москва',
  data: { city_fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', settlement_fias_id: null, geo_lat: '55.75396', geo_lon: '37.620393' },
};

// findById/party and findById/bank in DaData's documented shapes (https://dadata.ru/api/find-party/,
// https://dadata.ru/api/find-bank/), for a few fixed INNs and BICs; anything else finds nothing.
export const FAKE_PARTIES: Record<string, object> = {
  '7707083893': {
    value: 'ПАО СБЕРБАНК',
    unrestricted_value: 'ПАО СБЕРБАНК',
    data: {
      kpp: '773601001',
      management: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ' },
      branch_type: 'MAIN',
      type: 'LEGAL',
      opf: { code: '12247', full: 'Публичное акционерное общество', short: 'ПАО' },
      name: {
        full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
        short_with_opf: 'ПАО СБЕРБАНК',
        full: 'СБЕРБАНК РОССИИ',
        short: 'СБЕРБАНК',
      },
      inn: '7707083893',
      ogrn: '1027700132195',
      state: { status: 'ACTIVE', registration_date: 677376000000 },
      address: {
        value: 'г Москва, ул Вавилова, д 19',
        unrestricted_value: '117312, г Москва, Академический р-н, ул Вавилова, д 19',
        data: { postal_code: '117312', city_fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', settlement_fias_id: null, geo_lat: '55.7001', geo_lon: '37.5797' },
      },
    },
  },
  '7736207543': {
    value: 'ООО "ЯНДЕКС"',
    unrestricted_value: 'ООО "ЯНДЕКС"',
    data: {
      kpp: '770401001',
      management: { name: 'Савиновский Артем Геннадьевич', post: 'ГЕНЕРАЛЬНЫЙ ДИРЕКТОР' },
      branch_type: 'MAIN',
      type: 'LEGAL',
      name: { full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ЯНДЕКС"', short_with_opf: 'ООО "ЯНДЕКС"', full: 'ЯНДЕКС', short: 'ЯНДЕКС' },
      inn: '7736207543',
      ogrn: '1027700229193',
      state: { status: 'ACTIVE' },
      address: { value: 'г Москва, ул Льва Толстого, д 16', unrestricted_value: '119021, г Москва, ул Льва Толстого, д 16', data: null },
    },
  },
};

export const FAKE_BANKS: Record<string, object> = {
  '044525225': {
    value: 'ПАО Сбербанк',
    unrestricted_value: 'ПАО Сбербанк',
    data: {
      opf: { type: 'BANK', full: null, short: null },
      name: { payment: 'ПАО СБЕРБАНК', full: null, short: 'ПАО Сбербанк' },
      bic: '044525225',
      swift: 'SABRRUMMXXX',
      inn: '7707083893',
      kpp: '773601001',
      registration_number: '1481',
      correspondent_account: '30101810400000000225',
      treasury_accounts: null,
      payment_city: 'г. Москва',
      state: { status: 'ACTIVE' },
      address: { value: 'г Москва, ул Вавилова, д 19', unrestricted_value: '117312, г Москва, ул Вавилова, д 19', data: null },
    },
  },
  '044525974': {
    value: 'АО «ТБанк»',
    unrestricted_value: 'АО «ТБанк»',
    data: {
      name: { payment: 'АО «ТБанк»', full: null, short: 'АО «ТБанк»' },
      bic: '044525974',
      correspondent_account: '30101810145250000974',
      payment_city: 'г. Москва',
      state: { status: 'ACTIVE' },
    },
  },
};

/**
 * A stand-in for suggestions.dadata.ru on 127.0.0.1: it refuses requests DaData would refuse
 * (no `Token` authorization, wrong method, body without `query`), so the tests check what the
 * provider sends as well as how it reads the answer.
 */
export async function startFakeDadata(token = 'test-dadata-token'): Promise<FakeDadata> {
  const requests: RecordedRequest[] = [];
  let failure: number | 'drop' | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (failure === 'drop') return req.socket.destroy();
      if (failure !== null) return send(failure, { message: 'failure' });
      if (req.headers.authorization !== `Token ${token}`) return send(401, { message: 'Zero balance or invalid API key' });
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/suggestions/api/4_1/rs/suggest/address') {
        const b = body as { query?: unknown; count?: unknown; from_bound?: unknown; to_bound?: unknown } | null;
        if (!req.headers['content-type']?.startsWith('application/json') || typeof b?.query !== 'string') {
          return send(400, { message: 'query is required' });
        }
        const bound = (v: unknown) => (v === undefined ? null : (v as { value?: unknown } | null)?.value);
        const [from, to] = [bound(b.from_bound), bound(b.to_bound)];
        if ((from !== null && typeof from !== 'string') || (to !== null && typeof to !== 'string')) return send(400, { message: 'bound must be { value }' });
        const citiesOnly = from === 'city' && to === 'settlement';
        const all = b.query.toLowerCase().includes('каз') ? [citiesOnly ? kazanCity : kazan, settlement] : [];
        return send(200, { suggestions: all.slice(0, typeof b.count === 'number' ? b.count : 10) });
      }
      if (req.method === 'GET' && url.pathname === '/suggestions/api/4_1/rs/iplocate/address') {
        const ip = url.searchParams.get('ip');
        if (!ip) return send(400, { message: 'ip is required' });
        return send(200, { location: ip === '46.226.227.20' ? moscow : null });
      }
      const findById = /^\/suggestions\/api\/4_1\/rs\/findById\/(party|bank)$/.exec(url.pathname);
      if (req.method === 'POST' && findById) {
        const b = body as { query?: unknown } | null;
        if (!req.headers['content-type']?.startsWith('application/json') || typeof b?.query !== 'string') {
          return send(400, { message: 'query is required' });
        }
        const found = (findById[1] === 'party' ? FAKE_PARTIES : FAKE_BANKS)[b.query.trim()];
        return send(200, { suggestions: found ? [found] : [] });
      }
      return send(404, { message: 'not found' });
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    token,
    requests,
    failWith: (status) => void (failure = status),
    close: listening.close,
  };
}
