import { documentChangeFor, type ApplicationLkDetail, type ApplicationStatus } from 'shared/contract';
import { DOCUMENT_POLICY_MESSAGES } from '../src/policy/application';
import { applicationIn, factsFromView, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

/**
 * `application/document/delete` answers by the contract's `documentChangeFor`, the rule the lk
 * pages read to offer «Удалить»: the customer until the application is closed (200), 409 once it
 * is, 403 for anyone else.
 */

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const STATUSES: ApplicationStatus[] = ['draft', 'published', 'executor_named', 'in_work', 'executed', 'closed'];
const ANSWER = { allowed: 200, forbidden: 403, closed: 409 } as const;
const MESSAGE = { forbidden: DOCUMENT_POLICY_MESSAGES.customerOnly, closed: DOCUMENT_POLICY_MESSAGES.closed } as const;

describe('deleting an application document', () => {
  it.each(STATUSES)('in %s: each party gets what documentChangeFor says, and an allowed delete leaves the view', async (status) => {
    const customer = await makePerson(d.db, 'customer');
    const executor = await makePerson(d.db, 'executor');
    const replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
    const stranger = await makePerson(d.db, 'executor', 'Посторонний');
    const deal = await applicationIn(d, status, { customer, executor, replier }, { document: true });
    const view = must<ApplicationLkDetail>(await d.api.get(customer, 'application/get', { id: deal.id }), 'view');
    expect(view.documents.map((doc) => doc.id)).toEqual([deal.documentId]);

    // The customer last: its delete, when allowed, leaves nothing for the others to try on.
    const answers: unknown[] = [];
    const expected: unknown[] = [];
    for (const person of [stranger, replier, executor, customer] as Person[]) {
      const change = documentChangeFor(factsFromView(view, person.profileId).actor, status);
      const res = await d.api.post(person, 'application/document/delete', { id: deal.documentId });
      answers.push({ profile: person.profileId, status: res.status, message: res.body.message });
      expected.push({ profile: person.profileId, status: ANSWER[change], message: change === 'allowed' ? 'Документ удалён' : MESSAGE[change] });
    }
    expect(answers).toEqual(expected);

    const after = must<ApplicationLkDetail>(await d.api.get(customer, 'application/get', { id: deal.id }), 'view after');
    const allowed = documentChangeFor('customer', status) === 'allowed';
    expect(after.documents.map((doc) => doc.id)).toEqual(allowed ? [] : [deal.documentId]);
  });
});
