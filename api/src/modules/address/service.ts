import { BlockList, isIP } from 'node:net';
import type { Address, AddressBound } from 'shared/contract';
import { AppError } from '../../http/errors';
import type { AddressProvider } from '../../providers/address';

export const INVALID_IP_MESSAGE = 'Укажите корректный IP-адрес';

// Addresses no geolocation can place: asking a provider about them only spends its quota.
const unroutable = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 3],
] as const) unroutable.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) unroutable.addSubnet(net, prefix, 'ipv6');

export function isPublicIp(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = isIP(address);
  if (family === 0) return false;
  return !unroutable.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function addressService({ provider }: { provider: AddressProvider }) {
  return {
    async search(query: string, limit: number, bound?: AddressBound): Promise<{ items: Address[] }> {
      return { items: await provider.search(query, limit, bound) };
    },

    /** Loopback, private and other unroutable addresses are answered null without asking the provider. */
    async locateIp(ip: string): Promise<{ address: Address | null }> {
      if (isIP(ip.replace(/^::ffff:/i, '')) === 0) throw new AppError(422, 'validation', INVALID_IP_MESSAGE, { ip: INVALID_IP_MESSAGE });
      if (!isPublicIp(ip)) return { address: null };
      return { address: await provider.locateIp(ip) };
    },
  };
}
