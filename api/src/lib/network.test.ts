import { isLoopback } from './network';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.12.0.5', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('%s is this machine', (ip) => {
    expect(isLoopback(ip)).toBe(true);
  });
  it.each(['10.0.0.1', '192.168.1.10', '8.8.8.8', '::ffff:10.0.0.1', '2001:db8::1', '::2', '', 'localhost', '128.0.0.1', undefined])(
    '%s is not',
    (ip) => {
      expect(isLoopback(ip)).toBe(false);
    },
  );
});
