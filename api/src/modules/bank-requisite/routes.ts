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
import { tellingProfileData } from '../../plugins/socket';
import type { BankRequisiteService } from './service';

export interface BankRequisiteRouteOptions {
  checkResponses: boolean;
  requisites: BankRequisiteService;
}

/** The bank requisite calls of ARCHITECTURE §8 "Cabinet": the caller resolved once, the rest is the service's. */
export async function bankRequisiteRoutes(app: FastifyInstance, { checkResponses, requisites }: BankRequisiteRouteOptions) {
  const route = callerRoutes(app, { checkResponses });

  // Its other tabs and devices, and an organisation's members, read the requisites again (no window focus refetches them).
  const told = tellingProfileData(app.io, 'requisites', app.log);

  // Reference data, the same whichever profile is active (a bank by its BIC, the currencies): no X-Profile-Id check.
  const anyProfile = { anyProfile: true };
  route(bankRequisiteCurrencyGetCollection, async (caller) => ({ data: await requisites.currencies(caller) }), anyProfile);
  route(bankRequisiteGetCollection, async (caller, { query }) => ({ data: await requisites.list(caller, query) }));
  route(bankRequisiteCreate, (caller, { body }) => told(caller, requisites.create(caller, body)));
  route(bankRequisiteUpdate, (caller, { body }) => told(caller, requisites.update(caller, body)));
  route(bankRequisiteDelete, (caller, { query }) => told(caller, requisites.remove(caller, query.id)));
  route(bankRequisiteBankGet, async (caller, { query }) => ({ data: await requisites.bank(caller, query.bic) }), anyProfile);
}
