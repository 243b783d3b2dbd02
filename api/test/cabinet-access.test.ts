/**
 * The cabinet's access matrix (issue 10, ARCHITECTURE §8 "Cabinet", "Payment and money"): every
 * call the cabinet contract modules export — organization.ts, bank-requisite.ts, money.ts,
 * facility-lk.ts — and the cabinet calls that live elsewhere (balance, the profile's services, the
 * facility page) × guest, a user without a profile, an unrelated personal profile, the employee
 * and the director of another organisation, and organisation A's employee and director.
 *
 * ONE table (MATRIX) says what each caller gets. A cabinet call with no row, or a row for a call
 * the contract no longer has, fails the first test: a new call cannot slip in unchecked.
 *
 * Outcomes: a status, or for a read that succeeds `sees` (200 and the answer shows organisation
 * A's resource) / `blind` (200 and it does not). Guests get 401 for every `auth: 'required'`
 * call; a row gives `guest` only for the public calls.
 *
 * The rules the table spells out: policy first, then the lookup — a caller whose role may not do
 * a thing gets 403 whatever the id; a caller who may do it on his own profile gets 403 for
 * another profile's row: a facility or its document, a requisite (to change or to withdraw to), an
 * organisation's document, employee row or invite (ARCHITECTURE §8: a call by anyone else is 403;
 * these were 404s before — a contract correction). A missing or deleted row is a 404 (the own-row
 * tests: facility-lk, facility-document-visibility, bank-requisite, organization-foreign-rows,
 * money-withdrawal). Employees read the
 * balance, history, payouts and requisites and manage facilities and services, but never take
 * money out nor manage the organisation, its staff or its requisites.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallContract } from 'shared/contract';
import { allCalls, balanceGetToken, callKind, profileFacilityGet, profileServiceGetCollection } from 'shared/contract';
import { facilityFields, idempotencyKey, makeCabinetWorld, requisiteBody, type CabinetWorld } from './cabinet-helpers';
import { SAMPLE_PDF, setupDealApp, type CallAnswer, type DealContext, type Who } from './deal-helpers';
import { freshInn } from './organization-helpers';

/**
 * The cabinet contract modules, read as text: the api may import only `shared/contract`
 * (scripts/lint-boundaries.mjs), whose `allCalls` does not say which module a call comes from.
 * Every `defineCall` in these files is a cabinet call.
 */
const CABINET_MODULES = ['organization.ts', 'bank-requisite.ts', 'money.ts', 'facility-lk.ts'];
const CONTRACT_DIR = path.resolve(__dirname, '../../shared/src/contract');
function definedIn(file: string): string[] {
  const [, ...calls] = readFileSync(path.join(CONTRACT_DIR, file), 'utf8').split(/\bdefineCall\(/);
  return calls.map((text) => {
    const method = /\bmethod:\s*'(\w+)'/.exec(text)?.[1];
    const callPath = /\bpath:\s*'([^']+)'/.exec(text)?.[1];
    if (!method || !callPath) throw new Error(`${file}: a defineCall without a literal method and path: ${text.slice(0, 120)}`);
    return `${method} ${callPath}`;
  });
}
const MODULE_CALLS = CABINET_MODULES.flatMap(definedIn);
/** The cabinet's calls that live in other modules (user.ts, catalog.ts). */
const ELSEWHERE: readonly CallContract[] = [balanceGetToken, profileServiceGetCollection, profileFacilityGet];

const key = (c: Pick<CallContract, 'method' | 'path'>) => `${c.method} ${c.path}`;
/** Every cabinet call as the API serves it. */
const CABINET_CALLS: readonly CallContract[] = allCalls.filter((c) => MODULE_CALLS.includes(key(c)) || ELSEWHERE.includes(c));

type Role = 'guest' | 'noProfile' | 'unrelated' | 'otherEmployee' | 'otherDirector' | 'employee' | 'director';
/** The order the callers go in: A's own last, so what they change does not change the others' answers. */
const ROLES: Role[] = ['guest', 'noProfile', 'unrelated', 'otherEmployee', 'otherDirector', 'employee', 'director'];

type Outcome = 200 | 'sees' | 'blind' | 401 | 403 | 404 | 409;
type Expected = Record<Exclude<Role, 'guest'>, Outcome> & { guest?: Outcome };

interface Row {
  /** A valid request against organisation A's resources (multipart fields for an upload). */
  sample: (w: CabinetWorld) => Record<string, unknown>;
  expect: Expected;
  /** For `sees` / `blind`: whether the answer's data shows A's resource. */
  shows?: (w: CabinetWorld, data: any) => boolean;
  headers?: () => Record<string, string>;
  /** The call consumes A's resource for the next allowed caller: a world per caller. */
  fresh?: true;
  /** The world needs A's balance (1000 ₽ in, 1 ₽ paid out). */
  money?: true;
  /** After the callers outside A: A's state they must not have touched. */
  untouched?: (w: CabinetWorld) => Promise<unknown>;
}

// ---- Expectation shapes (each row may override a cell) ----

/** Acting on the caller's own active profile: anyone who has one. */
const OWN_PROFILE: Expected = { noProfile: 403, unrelated: 200, otherEmployee: 200, otherDirector: 200, employee: 200, director: 200 };
/** A read of the active profile's things: A's members see A's, everyone else his own. */
const OWN_READ: Expected = { noProfile: 403, unrelated: 'blind', otherEmployee: 'blind', otherDirector: 'blind', employee: 'sees', director: 'sees' };
/** Managing the caller's own profile (requisites): owners and directors, not employees. */
const MANAGE_OWN: Expected = { ...OWN_PROFILE, otherEmployee: 403, employee: 403 };
/** Managing or withdrawing to A's requisite: 403 for everyone but A's owner or director (§8: a call by anyone else). */
const MANAGE_A_ROW: Expected = { ...MANAGE_OWN, unrelated: 403, otherDirector: 403 };
/** Acting on A's facility or document: A's members; 403 for everyone else with a profile (§8: a call by anyone else). */
const ACT_ON_A_ROW: Expected = { ...OWN_PROFILE, unrelated: 403, otherEmployee: 403, otherDirector: 403 };
/** Organisation-only: a personal profile or none is refused (403) before any lookup. */
const ORG_READ: Expected = { ...OWN_READ, unrelated: 403 };
/** The director of the active organisation (his own). */
const ORG_DIRECT_OWN: Expected = { noProfile: 403, unrelated: 403, otherEmployee: 403, otherDirector: 200, employee: 403, director: 200 };
/** The director of A on A's row (document, employee, invite): B's director 403 (§8: a call by anyone else), every non-director 403. */
const ORG_DIRECT_A: Expected = { ...ORG_DIRECT_OWN, otherDirector: 403 };
/** An organisation named by id: only its director; it is public, so others get 403, not 404. */
const DIRECTOR_OF_A: Expected = { noProfile: 403, unrelated: 403, otherEmployee: 403, otherDirector: 403, employee: 403, director: 200 };
const EVERYONE = (outcome: Outcome): Expected => ({ noProfile: outcome, unrelated: outcome, otherEmployee: outcome, otherDirector: outcome, employee: outcome, director: outcome });

const hasId = (items: { id: number }[] | undefined, id: number | null) => !!items?.some((i) => i.id === id);

let phoneSerial = 0;
const freshPhone = () => `7966${String(process.pid % 1000).padStart(3, '0')}${String(phoneSerial++).padStart(4, '0')}`;

/** THE table: call path → what each caller gets. */
const MATRIX: Record<string, Row> = {
  // ---- organization.ts ----
  // No DADATA_TOKEN in the tests' config: 404 and the form is filled by hand.
  'organization/get-dadata': { sample: () => ({ inn: '7707083893' }), expect: EVERYONE(404) },
  // Anyone logged in may found one (a user without a profile too).
  'organization/create': { sample: () => ({ inn: freshInn(), name: 'ООО «Новая»' }), expect: EVERYONE(200) },
  'organization/update': { sample: (w) => ({ id: w.a.organizationId, name: 'ООО «Изменённая»' }), expect: DIRECTOR_OF_A },
  'organization/delete': { sample: (w) => ({ id: w.a.organizationId }), expect: DIRECTOR_OF_A },
  'organization/get/profile': { sample: () => ({}), expect: ORG_READ, shows: (w, data) => data.id === w.a.organizationId },
  // The organisations the user belongs to: A's invitee is not a member yet.
  'organization/get-collection': {
    sample: () => ({}),
    expect: { ...OWN_READ, noProfile: 'blind' },
    shows: (w, data) => hasId(data.items, w.a.organizationId),
  },
  'organization/document/upload': { sample: () => ({}), expect: ORG_DIRECT_OWN },
  // Every member reads the documents; a personal profile is refused before the lookup, B's members after it.
  'organization/document/download': { sample: (w) => ({ id: w.documentId }), expect: ACT_ON_A_ROW },
  'organization/document/delete': { sample: (w) => ({ id: w.documentId }), expect: ORG_DIRECT_A },
  'organization/employee/invite': { sample: () => ({ phone: freshPhone(), position: 'Мастер' }), expect: ORG_DIRECT_OWN },
  'organization/invite/get-collection': {
    sample: () => ({}),
    expect: { ...ORG_DIRECT_OWN, otherDirector: 'blind', director: 'sees' },
    shows: (w, data) => hasId(data.items, w.inviteId),
  },
  'organization/invite/delete': { sample: (w) => ({ id: w.inviteId }), expect: ORG_DIRECT_A },
  // The invite is the no-profile user's: for anyone else the code does not exist.
  'user/invite/code/check': { sample: (w) => ({ code: w.inviteCode }), expect: { ...EVERYONE(404), noProfile: 200 } },
  'user/invite/code/approve': { sample: (w) => ({ code: w.inviteCode }), expect: { ...EVERYONE(404), noProfile: 200 } },
  'user/invite/code/cancel': { sample: (w) => ({ code: w.inviteCode }), expect: { ...EVERYONE(404), noProfile: 200 } },
  'organization/employee/get-collection': { sample: () => ({}), expect: ORG_READ, shows: (w, data) => hasId(data.items, w.a.employeeMemberId) },
  'organization/employee/update': { sample: (w) => ({ id: w.a.employeeMemberId, position: 'Старший мастер' }), expect: ORG_DIRECT_A },
  // The employee may leave (his own row); another organisation's employee is refused as a non-director.
  'organization/employee/delete': { sample: (w) => ({ id: w.a.employeeMemberId }), expect: { ...ORG_DIRECT_A, employee: 200 }, fresh: true },
  'organization/director/update': { sample: (w) => ({ id: w.a.employeeMemberId }), expect: ORG_DIRECT_A },

  // ---- bank-requisite.ts ----
  'bank-requisite/currency/get-collection': { sample: () => ({}), expect: OWN_PROFILE },
  'bank-requisite/get-collection': { sample: () => ({}), expect: OWN_READ, shows: (w, data) => hasId(data.items, w.requisiteId) },
  // Another account than A's requisite: a profile holds each account of a bank once (409 for the same).
  'bank-requisite/create': { sample: (w) => requisiteBody(w.rubId, { account: '40702810900000005678' }), expect: MANAGE_OWN },
  'bank-requisite/update': {
    sample: (w) => ({ id: w.requisiteId, recipientName: 'ООО «Чужое»' }),
    expect: MANAGE_A_ROW,
    untouched: async (w) => expect((await requisiteOf(w)).recipientName).toBe('ООО «Ромашка»'),
  },
  'bank-requisite/delete': { sample: (w) => ({ id: w.requisiteId }), expect: MANAGE_A_ROW },
  // No bank directory (DADATA_TOKEN) in the tests' config.
  'bank-requisite/bank/get': { sample: () => ({ bic: '044525225' }), expect: { ...EVERYONE(404), noProfile: 403 } },

  // ---- money.ts ----
  'balance/history/get-collection': { sample: () => ({}), expect: OWN_READ, shows: (w, data) => data.items.some((i: any) => i.applicationId === w.fundedApplicationId) },
  'balance/payout/get-collection': { sample: () => ({}), expect: OWN_READ, shows: (w, data) => hasId(data.items, w.payoutId) },
  // To A's own requisite: another profile's owner or director is refused it (403), employees may not withdraw (403).
  'balance/refund_virtual_account': { sample: (w) => ({ amount: 10, bankRequisiteId: w.requisiteId }), expect: MANAGE_A_ROW, headers: idempotencyKey, money: true },

  // ---- user.ts: the active profile's balance and services (no profile: zero and none) ----
  'balance/get/token': { sample: () => ({}), expect: { ...OWN_READ, noProfile: 'blind' }, shows: (w, data) => data.profileId === w.a.organizationId && data.amount === 999 },
  'profile/service/get-collection': { sample: () => ({}), expect: { ...OWN_READ, noProfile: 'blind' }, shows: (w, data) => hasId(data.items, w.serviceId) },

  // ---- facility-lk.ts ----
  'profile/facility/get/type': { sample: () => ({}), expect: { ...EVERYONE(200), guest: 200 } },
  'profile/facility/create': { sample: (w) => facilityFields(w.facilityTypeId), expect: OWN_PROFILE },
  'profile/facility/update': {
    sample: (w) => ({ ...facilityFields(w.facilityTypeId, { name: 'Переименованный' }), id: w.facilityId, _method: 'PUT' }),
    expect: ACT_ON_A_ROW,
    untouched: async (w) => expect((await facilityOf(w)).name).toBe('Квартира на Тверской'),
  },
  'profile/facility/get-collection': { sample: () => ({}), expect: OWN_READ, shows: (w, data) => hasId(data.items, w.facilityId) },
  'profile/facility/delete': { sample: (w) => ({ id: w.facilityId }), expect: ACT_ON_A_ROW, fresh: true },
  'profile/facility/document/delete': { sample: (w) => ({ id: w.facilityDocumentId }), expect: ACT_ON_A_ROW, fresh: true },
  'profile/facility/document/update': {
    sample: (w) => ({ id: w.facilityDocumentId, public: true }),
    expect: ACT_ON_A_ROW,
    untouched: async (w) => expect(await documentIsPublic(w)).toBe(false),
  },
  'profile/facility/document/download': { sample: (w) => ({ id: w.facilityDocumentId }), expect: ACT_ON_A_ROW },
  // A customer profile offers no services (403); the unrelated profile is an executor's.
  'profile/service/add': { sample: (w) => ({ serviceId: w.otherServiceId }), expect: OWN_PROFILE },
  // Removing from one's own profile: the others' calls leave A's service where it is.
  'profile/service/remove': {
    sample: (w) => ({ id: w.serviceId }),
    expect: OWN_PROFILE,
    untouched: async (w) => expect(await servicesOfA(w)).toContain(w.serviceId),
  },

  // ---- catalog.ts: the facility page is public; A's members see it editable, with the private document ----
  'profile/facility/get': {
    sample: (w) => ({ id: w.facilityId }),
    expect: { ...EVERYONE('blind'), guest: 'blind', employee: 'sees', director: 'sees' },
    shows: (w, data) => data.editable === true || hasId(data.documents, w.facilityDocumentId),
  },
};

let d: DealContext;
let readWorld: CabinetWorld;
beforeAll(async () => {
  d = await setupDealApp();
  // 1000 ₽ funded, 1 ₽ paid out: the balance the `balance/get/token` row looks for is 999 ₽.
  readWorld = await makeCabinetWorld(d, { money: true });
});
afterAll(async () => {
  await d.close();
});

async function requisiteOf(w: CabinetWorld) {
  const [row] = await d.db.query<{ recipientName: string }>('select recipient_name as "recipientName" from bank_requisites where id = $1', [w.requisiteId]);
  return row!;
}
async function facilityOf(w: CabinetWorld) {
  const [row] = await d.db.query<{ name: string }>('select name from facilities where id = $1', [w.facilityId]);
  return row!;
}
async function documentIsPublic(w: CabinetWorld) {
  const [row] = await d.db.query<{ public: boolean }>('select public from facility_documents where id = $1', [w.facilityDocumentId]);
  return row!.public;
}
async function servicesOfA(w: CabinetWorld) {
  return (await d.db.query<{ id: number }>('select service_id as id from profile_services where profile_id = $1', [w.a.organizationId])).map((r) => r.id);
}

const who = (w: CabinetWorld, role: Role): Who =>
  ({
    guest: null,
    noProfile: w.noProfile,
    unrelated: w.unrelated,
    otherEmployee: w.b.employee,
    otherDirector: w.b.director,
    employee: w.a.employee,
    director: w.a.director,
  })[role];

async function send(call: CallContract, caller: Who, sample: Record<string, unknown>, headers: Record<string, string>): Promise<CallAnswer> {
  if (callKind(call) === 'upload') return d.api.upload(caller, call.path, Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)])), SAMPLE_PDF);
  const query = call.method === 'GET' || call.method === 'DELETE';
  const url = `/api/${call.path}${query ? `?${new URLSearchParams(Object.entries(sample).map(([k, v]): [string, string] => [k, String(v)]))}` : ''}`;
  const res = await d.app.inject({ method: call.method, url, headers: { ...(caller?.headers ?? {}), ...headers }, ...(query ? {} : { payload: sample }) });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: json ? res.json() : { data: res.rawPayload } };
}

/** What the answer amounts to in the table's terms. */
function outcomeOf(row: Row, w: CabinetWorld, res: CallAnswer): Outcome {
  if (res.status !== 200 || !row.shows) return res.status as Outcome;
  return row.shows(w, res.body.data) ? 'sees' : 'blind';
}

const expectedFor = (call: CallContract, row: Row, role: Role): Outcome => {
  if (role !== 'guest') return row.expect[role];
  return call.auth === 'required' ? 401 : row.expect.guest!;
};

describe('the table', () => {
  it('has a row for every cabinet call of the contract, and none for a call that is gone', () => {
    // Each module's calls were found (the pattern still reads them), and each is one the API serves.
    for (const file of CABINET_MODULES) expect([file, definedIn(file).length > 0]).toEqual([file, true]);
    const served = new Set(allCalls.map(key));
    expect(MODULE_CALLS.filter((c) => !served.has(c))).toEqual([]);
    expect(CABINET_CALLS).toHaveLength(MODULE_CALLS.length + ELSEWHERE.length);
    const paths = CABINET_CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBeGreaterThanOrEqual(40);
    expect(paths.filter((p) => !MATRIX[p])).toEqual([]);
    expect(Object.keys(MATRIX).filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('says what a guest gets for every public call, and how to tell `sees` from `blind`', () => {
    // A row's `guest` is for public calls only: an auth-required call is 401 for a guest, always.
    expect(CABINET_CALLS.filter((c) => (c.auth === 'required') === (MATRIX[c.path]?.expect.guest !== undefined)).map((c) => c.path)).toEqual([]);
    // `sees`/`blind` need a way to tell, and a way to tell needs a caller who sees and one who does not.
    for (const c of CABINET_CALLS) {
      const row = MATRIX[c.path]!;
      const outcomes = Object.values(row.expect);
      const reads = outcomes.some((o) => o === 'sees' || o === 'blind');
      expect([c.path, reads]).toEqual([c.path, !!row.shows]);
      if (reads) expect([c.path, outcomes.includes('sees') && outcomes.includes('blind')]).toEqual([c.path, true]);
    }
  });
});

describe.each(CABINET_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_name, call) => {
  it('answers each kind of caller as the table says', async () => {
    const row = MATRIX[call.path];
    if (!row) throw new Error(`no row for ${call.path} in MATRIX`);
    const got: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    // Reads share one world; a change gets a world of its own (one per caller when it consumes A's resource).
    const fresh = () => makeCabinetWorld(d, { money: row.money });
    const perCall = call.method === 'GET' ? readWorld : row.fresh ? null : await fresh();
    let checked = false;
    for (const role of ROLES) {
      const w = perCall ?? (await fresh());
      if (row.untouched && !checked && (role === 'employee' || role === 'director')) {
        checked = true;
        await row.untouched(w);
      }
      const res = await send(call, who(w, role), row.sample(w), row.headers?.() ?? {});
      got[role] = outcomeOf(row, w, res);
      want[role] = expectedFor(call, row, role);
      if (got[role] !== want[role]) got[`${role}:answer`] = res.body.message ?? (Buffer.isBuffer(res.body.data) ? `${res.body.data.length} bytes` : res.body.data);
    }
    expect(got).toEqual(want);
  });
});
