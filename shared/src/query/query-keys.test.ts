import { hashKey } from '@tanstack/react-query';
import {
  addressKeys,
  applicationKeys,
  balanceKeys,
  compactFilter,
  customerKeys,
  executorKeys,
  facilityKeys,
  notificationKeys,
  serviceKeys,
  userKeys,
} from './query-keys';

describe('query key factories', () => {
  it('nest list and detail keys under the domain so one invalidation reaches them all', () => {
    expect(applicationKeys.all).toEqual(['application']);
    expect(applicationKeys.lists()).toEqual(['application', 'list']);
    expect(applicationKeys.list({ page: 2, query: 'ремонт' })).toEqual(['application', 'list', { page: 2, query: 'ремонт' }]);
    expect(applicationKeys.details()).toEqual(['application', 'detail']);
    expect(applicationKeys.detail(42)).toEqual(['application', 'detail', 42]);
  });

  it('keep every fetch variable in the list key', () => {
    const a = applicationKeys.list({ page: 1, limit: 6, attributeSort: 'price', typeSort: 'desc', services: '3,7' });
    const b = applicationKeys.list({ page: 1, limit: 6, attributeSort: 'price', typeSort: 'asc', services: '3,7' });
    expect(hashKey(a)).not.toBe(hashKey(b));
  });

  it('treat unset filter values as absent', () => {
    expect(hashKey(serviceKeys.list({ page: 1, query: '', parentId: undefined }))).toBe(hashKey(serviceKeys.list({ page: 1 })));
    expect(compactFilter({ a: null, b: [], c: 0, d: false })).toEqual({ c: 0, d: false });
  });

  it('give each domain its own root', () => {
    const roots = [serviceKeys, applicationKeys, executorKeys, customerKeys, facilityKeys, userKeys, balanceKeys, notificationKeys].map(
      (k) => k.all[0],
    );
    expect(new Set(roots).size).toBe(8);
  });

  it('keep the session keys under their domains', () => {
    expect(userKeys.current()).toEqual(['user', 'current']);
    expect(userKeys.profiles()).toEqual(['user', 'profiles']);
    expect(balanceKeys.current(12)).toEqual(['balance', 'current', 12]);
    expect(notificationKeys.list({ page: 1, limit: 10 })).toEqual(['notification', 'list', { limit: 10, page: 1 }]);
    expect(notificationKeys.messages({ page: 1 })).toEqual(['notification', 'messages', { page: 1 }]);
  });
});

describe('lookup keys shared by the remotes', () => {
  it('keep the service pickers and address suggestions under their domains', () => {
    expect(serviceKeys.options({ limit: 100 })).toEqual(['service', 'options', { limit: 100 }]);
    expect(addressKeys.search('Каз', 10)).toEqual(['address', 'search', { query: 'Каз', limit: 10 }]);
  });
});
