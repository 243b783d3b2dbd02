import type { Queryable } from '../../db';
import { notFound } from '../../http/errors';
import { findByRequestId } from '../../db/sql';
import { type CustomerFilter, customerRepository } from './repository';

export function customerService({ db }: { db: Queryable }) {
  const repo = customerRepository(db);
  return {
    async list(q: CustomerFilter) {
      const { items, total, totalExact } = await repo.list(q);
      return { items, total, page: q.page, limit: q.limit, totalExact };
    },

    async lookup(query: string | undefined, limit: number) {
      return repo.lookup(query, limit);
    },

    async get(id: number) {
      const customer = await findByRequestId(id, repo.findById);
      if (!customer) throw notFound('Заказчик не найден');
      return customer;
    },
  };
}
