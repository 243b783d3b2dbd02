import type { Queryable } from '../../db';
import type { ExecutorListFilter } from 'shared/contract';
import { notFound } from '../../http/errors';
import { findByRequestId } from '../../db/sql';
import { listedServices } from '../service/listed-services';
import { executorRepository } from './repository';

export function executorService({ db }: { db: Queryable }) {
  const repo = executorRepository(db);
  return {
    async list(q: ExecutorListFilter) {
      const services = await listedServices(db, q.services);
      if (q.services?.length && !services?.length) return { items: [], total: 0, page: q.page, limit: q.limit };
      const { items, total, totalExact } = await repo.list({ ...q, services });
      return { items, total, page: q.page, limit: q.limit, totalExact };
    },

    async get(id: number) {
      const executor = await findByRequestId(id, repo.findById);
      if (!executor) throw notFound('Исполнитель не найден');
      return executor;
    },
  };
}
