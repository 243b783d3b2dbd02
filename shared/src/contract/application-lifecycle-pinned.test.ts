import { lifecycleTable, type ApplicationActor, type ApplicationStatus } from './index';

/**
 * The lifecycle table's rows that move a deal or its money, written out again from ARCHITECTURE
 * §5 and §8 rather than read from the table. The access matrix, the API's model test and the random
 * walk all take the table as their oracle, so a row widened by mistake passed them all (QA S-2:
 * «Сдать работу» from `executor_named`, unpaid and unsigned; S-3: a stop after the work was
 * accepted, which refunds the whole payment). Here a changed row fails.
 */
type Pinned = { from: ApplicationStatus[]; to: ApplicationStatus | null };
const PINNED: Record<string, Partial<Record<ApplicationActor, Pinned[]>>> = {
  // §5: draft, publication, unpublication, republication by `update`; delete only before an executor is named.
  'application/draft/upsert': { customer: [{ from: ['draft'], to: 'draft' }] },
  'application/create': { customer: [{ from: ['draft'], to: 'published' }] },
  'application/update': {
    customer: [
      { from: ['published'], to: null },
      { from: ['unpublished', 'cancelled_by_executor', 'stopped_by_customer'], to: 'published' },
    ],
  },
  'application/set-status/no-publish': { customer: [{ from: ['published'], to: 'unpublished' }] },
  'application/delete': { customer: [{ from: ['draft', 'published', 'unpublished'], to: null }] },
  // §5: named from a live reply, while published, or after a cancel or a stop (another executor).
  'application/named/executor': { customer: [{ from: ['published', 'cancelled_by_executor', 'stopped_by_customer'], to: 'executor_named' }] },
  // The work: started by the named executor, handed over from the work or its revision only.
  'application/start-working/executor': { executor: [{ from: ['executor_named'], to: 'in_work' }] },
  'application/confirm-execution': { executor: [{ from: ['in_work', 'revision'], to: 'on_review' }] },
  'application/send/revision': { customer: [{ from: ['on_review'], to: 'revision' }] },
  'application/verification': { customer: [{ from: ['on_review'], to: 'executed' }] },
  'application/review': { customer: [{ from: ['executed'], to: null }] },
  'application/close': { customer: [{ from: ['executed'], to: 'closed' }] },
  // §8: «cancel/executor or stop-working/executor before on_review refunds them»: never once handed over.
  'application/cancel/executor': { executor: [{ from: ['executor_named', 'in_work', 'revision'], to: 'cancelled_by_executor' }] },
  'application/cancel/executor/send/sms': { executor: [{ from: ['executor_named', 'in_work', 'revision'], to: null }] },
  'application/stop-working/executor': { customer: [{ from: ['executor_named', 'in_work', 'revision'], to: 'stopped_by_customer' }] },
  // The price moves only before the money does (its guard: not paid).
  'application/update/price': { customer: [{ from: ['published', 'unpublished', 'executor_named'], to: null }] },
};

const sorted = (statuses: readonly ApplicationStatus[]) => [...statuses].sort();

describe.each(Object.entries(PINNED))('%s', (action, byActor) => {
  it('has exactly the pinned rows: who, from which statuses, to which', () => {
    const rows = lifecycleTable.filter((row) => row.action === action);
    const actual = rows.map((row) => ({ actor: row.actor, from: sorted(row.from), to: row.to }));
    const expected = Object.entries(byActor).flatMap(([actor, pinned]) => pinned!.map((p) => ({ actor, from: sorted(p.from), to: p.to })));
    const key = (r: { actor: string; to: string | null; from: string[] }) => `${r.actor} ${r.to} ${r.from.join(',')}`;
    expect(actual.map(key).sort()).toEqual(expected.map(key).sort());
  });
});

it('no step hands over, refunds or stops a deal whose work was accepted (executed, closed)', () => {
  const parting = ['application/cancel/executor', 'application/stop-working/executor', 'application/confirm-execution', 'application/start-working/executor'];
  for (const row of lifecycleTable.filter((r) => parting.includes(r.action))) {
    expect({ action: row.action, from: row.from.filter((s) => s === 'on_review' || s === 'executed' || s === 'closed') }).toEqual({ action: row.action, from: [] });
  }
});
