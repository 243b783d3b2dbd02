import type { FastifyInstance } from 'fastify';
import {
  bankRequisiteBankGet,
  bankRequisiteCreate,
  bankRequisiteCurrencyGetCollection,
  bankRequisiteDelete,
  bankRequisiteGetCollection,
  bankRequisiteUpdate,
  type CallContract,
} from 'shared/contract';
import { registerCall, type CallHandler } from '../../http/register';
import { unauthorized } from '../../plugins/auth';
import { callerOf, type Caller } from '../../policy/caller';
import type { BankRequisiteService } from './service';

export interface BankRequisiteRouteOptions {
  checkResponses: boolean;
  requisites: BankRequisiteService;
}

/** The bank requisite calls of ARCHITECTURE §8 "Cabinet": the caller resolved once, the rest is the service's. */
export async function bankRequisiteRoutes(app: FastifyInstance, { checkResponses, requisites }: BankRequisiteRouteOptions) {
  const route = <C extends CallContract>(call: C, handler: (caller: Caller, ctx: Parameters<CallHandler<C>>[0]) => ReturnType<CallHandler<C>>) =>
    registerCall(
      app,
      call,
      async (ctx) => {
        const caller = await callerOf(ctx.request, app.db, ctx.user);
        if (!caller) throw unauthorized();
        return handler(caller, ctx);
      },
      { checkResponses },
    );

  route(bankRequisiteCurrencyGetCollection, async (caller) => ({ data: await requisites.currencies(caller) }));
  route(bankRequisiteGetCollection, async (caller, { query }) => ({ data: await requisites.list(caller, query) }));
  route(bankRequisiteCreate, (caller, { body }) => requisites.create(caller, body));
  route(bankRequisiteUpdate, (caller, { body }) => requisites.update(caller, body));
  route(bankRequisiteDelete, (caller, { query }) => requisites.remove(caller, query.id));
  route(bankRequisiteBankGet, async (caller, { query }) => ({ data: await requisites.bank(caller, query.bic) }));
}
