import { isIP } from 'node:net';

/**
 * Whether a client address (as `request.ip` gives it, TRUST_PROXY applied) is this machine:
 * 127.0.0.0/8, ::1, or either written as an IPv4-mapped IPv6 address.
 */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  return isIP(ip) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(ip.toLowerCase());
}
