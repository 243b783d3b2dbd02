import type { ApplicationListFilter, ApplicationStatus } from 'shared/contract';
import { notFound } from '../../http/errors';
import type { ApplicationRepository } from './repository';

/** What a visitor without a relation to the application may see. */
const PUBLIC_STATUSES: ApplicationStatus[] = ['published'];

export function applicationService(repo: ApplicationRepository) {
  return {
    async listPublic(q: ApplicationListFilter) {
      const { items, total } = await repo.list({
        statuses: PUBLIC_STATUSES,
        page: q.page,
        limit: q.limit,
        attributeSort: q.attributeSort,
        typeSort: q.typeSort,
        query: q.query,
        services: q.services,
        minPrice: q.min_price,
        maxPrice: q.max_price,
        deadline: q.deadline,
        cityFiasId: q.address,
        customerId: q.customer,
        customerType: q.type,
      });
      return { items, total, page: q.page, limit: q.limit };
    },

    async getPublic(id: number) {
      const application = await repo.findById(id, PUBLIC_STATUSES);
      if (!application) throw notFound('Заявка не найдена');
      return application;
    },
  };
}
