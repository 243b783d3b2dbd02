/**
 * Who may make which organisation call: every call of the organisation contract (organization/*
 * and user/invite/* in allCalls) × guest, the director, an employee, a member of another
 * organisation and an unrelated user. A call without a sample or an expectation fails the test,
 * so a new call cannot go unchecked.
 */
import { allCalls, callKind, type CallContract } from 'shared/contract';
import { makePerson, makeUserWithoutProfile, must, SAMPLE_PDF, setupDealApp, type CallAnswer, type DealContext, type Who } from './deal-helpers';
import { freshInn, lastInviteCode, makeStaffed, type Staffed } from './organization-helpers';

const calls = allCalls.filter((c) => c.path.startsWith('organization/') || c.path.startsWith('user/invite/'));

type Role = 'guest' | 'director' | 'employee' | 'otherMember' | 'unrelated';
const ROLES: Role[] = ['guest', 'unrelated', 'otherMember', 'employee', 'director'];

interface World {
  a: Staffed;
  b: Staffed;
  unrelated: Who;
  documentId: number;
  inviteId: number;
  inviteCode: string;
}

let phoneSerial = 0;
const freshPhone = () => `7977${String(process.pid % 1000).padStart(3, '0')}${String(phoneSerial++).padStart(4, '0')}`;

/** A valid request per call, against organisation A of the world. */
const SAMPLES: Record<string, (w: World) => Record<string, unknown>> = {
  'organization/get-dadata': () => ({ inn: '7707083893' }),
  'organization/create': () => ({ inn: freshInn(), name: 'ООО «Новая»' }),
  'organization/update': (w) => ({ id: w.a.organizationId, name: 'ООО «Изменённая»' }),
  'organization/delete': (w) => ({ id: w.a.organizationId }),
  'organization/get/profile': () => ({}),
  'organization/get-collection': () => ({}),
  'organization/document/upload': () => ({}),
  'organization/document/download': (w) => ({ id: w.documentId }),
  'organization/document/delete': (w) => ({ id: w.documentId }),
  'organization/employee/invite': () => ({ phone: freshPhone(), position: 'Мастер' }),
  'organization/invite/get-collection': () => ({}),
  'organization/invite/delete': (w) => ({ id: w.inviteId }),
  'user/invite/code/check': (w) => ({ code: w.inviteCode }),
  'user/invite/code/approve': (w) => ({ code: w.inviteCode }),
  'user/invite/code/cancel': (w) => ({ code: w.inviteCode }),
  'organization/employee/get-collection': () => ({}),
  'organization/employee/update': (w) => ({ id: w.a.employeeMemberId, position: 'Старший мастер' }),
  'organization/employee/delete': (w) => ({ id: w.a.employeeMemberId }),
  'organization/director/update': (w) => ({ id: w.a.employeeMemberId }),
};

type Expected = Record<Exclude<Role, 'guest'>, number>;
const directorOnly: Expected = { director: 200, employee: 403, otherMember: 403, unrelated: 403 };
const members: Expected = { director: 200, employee: 200, otherMember: 200, unrelated: 403 };
const everyone = (status: number): Expected => ({ director: status, employee: status, otherMember: status, unrelated: status });

/** Guests get 401 everywhere (every call needs a token); the rest by role. */
const EXPECTED: Record<string, Expected> = {
  // No DADATA_TOKEN in the tests' config: the form is filled by hand.
  'organization/get-dadata': everyone(404),
  'organization/create': everyone(200),
  'organization/update': directorOnly,
  'organization/delete': directorOnly,
  // Each member sees his own active organisation.
  'organization/get/profile': members,
  'organization/get-collection': everyone(200),
  'organization/document/upload': directorOnly,
  // Another organisation's document: 403 (ARCHITECTURE §8: a call by anyone else; it was a 404, a contract correction).
  'organization/document/download': { director: 200, employee: 200, otherMember: 403, unrelated: 403 },
  'organization/document/delete': directorOnly,
  'organization/employee/invite': directorOnly,
  'organization/invite/get-collection': directorOnly,
  'organization/invite/delete': directorOnly,
  // The code is for another phone: for everyone but its invitee it does not exist.
  'user/invite/code/check': everyone(404),
  'user/invite/code/approve': everyone(404),
  'user/invite/code/cancel': everyone(404),
  'organization/employee/get-collection': members,
  'organization/employee/update': directorOnly,
  // The employee may leave; someone else's employee is not another director's to remove.
  'organization/employee/delete': { director: 200, employee: 200, otherMember: 403, unrelated: 403 },
  'organization/director/update': directorOnly,
};

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

async function world(): Promise<World> {
  const a = await makeStaffed(d, 'ООО «А»');
  const b = await makeStaffed(d, 'ООО «Б»');
  const unrelated = await makePerson(d.db, 'customer');
  const documentId = must(await d.api.upload(a.director, 'organization/document/upload', {}), 'document').id;
  const invitee = await makeUserWithoutProfile(d.db);
  const inviteId = must(await d.api.post(a.director, 'organization/employee/invite', { phone: invitee.phone }), 'invite').id;
  return { a, b, unrelated, documentId, inviteId, inviteCode: await lastInviteCode(d, invitee.phone) };
}

const who = (w: World, role: Role): Who =>
  ({ guest: null, director: w.a.director, employee: w.a.employee, otherMember: w.b.employee, unrelated: w.unrelated })[role];

function send(call: CallContract, caller: Who, sample: Record<string, unknown>): Promise<CallAnswer> {
  if (callKind(call) === 'upload') return d.api.upload(caller, call.path, Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)])), SAMPLE_PDF);
  return d.api.call(caller, call.method, call.path, sample);
}

it('every organisation call has a sample and an expectation', () => {
  expect(calls.length).toBeGreaterThanOrEqual(15);
  expect(calls.map((c) => c.path).filter((p) => !SAMPLES[p] || !EXPECTED[p])).toEqual([]);
});

describe.each(calls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', (_name, call) => {
  it('answers each kind of caller as expected', async () => {
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    let shared: World | null = null;
    for (const role of ROLES) {
      // A call that changes something gets a world of its own per caller; reads share one.
      const w = call.method === 'GET' ? (shared ??= await world()) : await world();
      const res = await send(call, who(w, role), SAMPLES[call.path]!(w));
      got[role] = res.status;
      want[role] = role === 'guest' ? 401 : EXPECTED[call.path]![role];
      if (res.status !== want[role]) got[`${role}:message`] = res.body.message as unknown as number;
    }
    expect(got).toEqual(want);
  });
});
