import type { ServiceListFilter } from 'shared/contract';
import type { Queryable } from '../../db';
import { notFound } from '../../http/errors';
import { serviceRepository } from './repository';

export function serviceService({ db }: { db: Queryable }) {
  const repo = serviceRepository(db);
  return {
    async list(filter: ServiceListFilter) {
      const { items, total, totalExact, serviceTotal } = await repo.list(filter);
      return { items, total, page: filter.page, limit: filter.limit, totalExact, serviceTotal };
    },
    async lookup(query: string | undefined, limit: number) {
      return repo.lookup(query, limit);
    },
    async get(id: number) {
      const service = await repo.findById(id);
      if (!service) throw notFound('Услуга не найдена');
      return service;
    },
  };
}
