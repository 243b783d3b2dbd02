import type { FastifyInstance } from 'fastify';
import { userAddressIp, userAddressSearch } from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { createAddressProvider } from '../../providers/address';
import { addressService } from './service';

export async function addressRoutes(app: FastifyInstance, opts: RouteOptions) {
  const provider = createAddressProvider(opts.config, (err) => app.log.error({ err }, 'address provider failed'));
  const addresses = addressService({ provider });
  registerCall(app, userAddressSearch, async ({ query }) => ({ data: await addresses.search(query.query, query.limit, query.bound) }), opts);
  // Without `ip` the caller's own address (X-Forwarded-For is honoured: the app trusts its proxy).
  registerCall(app, userAddressIp, async ({ query, request }) => ({ data: await addresses.locateIp(query.ip ?? request.ip) }), opts);
}
