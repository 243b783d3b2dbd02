import type { ApplicationListFilter, ApplicationStatus } from 'shared/contract';
import { AppError, VALIDATION_MESSAGE } from '../../http/errors';
import { isStorableId } from '../../db/sql';
import type { Queryable } from '../../db';
import type { CountCache } from '../../db/list-page';
import { listedServices } from '../service/listed-services';
import { applicationRepository } from './repository';

/** What a visitor without a relation to the application may see. */
const PUBLIC_STATUSES: ApplicationStatus[] = ['published'];

/** `counts`: the list's counts kept between writes (db/list-page.ts); none, every count is read. */
export function applicationService({ db, counts }: { db: Queryable; counts?: CountCache }) {
  const repo = applicationRepository(db);
  return {
    async listPublic(q: ApplicationListFilter) {
      if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
        throw new AppError(422, 'validation', VALIDATION_MESSAGE, { max_price: 'Максимальная цена не может быть меньше минимальной' });
      }
      const empty = { items: [], total: 0, page: q.page, limit: q.limit, totalExact: true };
      // Ids beyond PostgreSQL's integer name nothing; leaving them out keeps the casts valid.
      const services = await listedServices(db, q.services);
      if ((q.services?.length && !services?.length) || (q.customer !== undefined && !isStorableId(q.customer))) return empty;
      const { items, total, totalExact } = await repo.list({
        statuses: PUBLIC_STATUSES,
        page: q.page,
        limit: q.limit,
        attributeSort: q.attributeSort,
        typeSort: q.typeSort,
        query: q.query,
        services,
        minPrice: q.min_price,
        maxPrice: q.max_price,
        deadline: q.deadline,
        cityFiasId: q.address,
        customerId: q.customer,
        customerType: q.type,
      }, counts);
      return { items, total, page: q.page, limit: q.limit, totalExact };
    },
  };
}
