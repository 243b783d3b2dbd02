import { documentChangeFor } from './application-actions';
import { applicationStatuses } from './application';

describe('documentChangeFor: who may attach and remove an application’s other documents', () => {
  it('the customer, in every status but closed', () => {
    expect(applicationStatuses.filter((status) => documentChangeFor('customer', status) === 'allowed')).toEqual(applicationStatuses.filter((s) => s !== 'closed'));
    expect(documentChangeFor('customer', 'closed')).toBe('closed');
  });

  it('nobody else, in any status', () => {
    for (const actor of ['executor', 'replier', 'other', 'guest'] as const) {
      expect(applicationStatuses.map((status) => documentChangeFor(actor, status))).toEqual(applicationStatuses.map(() => 'forbidden'));
    }
  });
});
