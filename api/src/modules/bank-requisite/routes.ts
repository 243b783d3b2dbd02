import type { FastifyInstance } from 'fastify';
import {
  bankRequisiteBankGet,
  bankRequisiteCreate,
  bankRequisiteCurrencyGetCollection,
  bankRequisiteDelete,
  bankRequisiteGetCollection,
  bankRequisiteUpdate,
} from 'shared/contract';
import { callerRoutes } from '../../http/caller';
import type { BankRequisiteService } from './service';

export interface BankRequisiteRouteOptions {
  checkResponses: boolean;
  requisites: BankRequisiteService;
}

/** The bank requisite calls of ARCHITECTURE §8 "Cabinet": the caller resolved once, the rest is the service's. */
export async function bankRequisiteRoutes(app: FastifyInstance, { checkResponses, requisites }: BankRequisiteRouteOptions) {
  const route = callerRoutes(app, { checkResponses });

  route(bankRequisiteCurrencyGetCollection, async (caller) => ({ data: await requisites.currencies(caller) }));
  route(bankRequisiteGetCollection, async (caller, { query }) => ({ data: await requisites.list(caller, query) }));
  route(bankRequisiteCreate, (caller, { body }) => requisites.create(caller, body));
  route(bankRequisiteUpdate, (caller, { body }) => requisites.update(caller, body));
  route(bankRequisiteDelete, (caller, { query }) => requisites.remove(caller, query.id));
  route(bankRequisiteBankGet, async (caller, { query }) => ({ data: await requisites.bank(caller, query.bic) }));
}
