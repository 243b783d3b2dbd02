import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, parseOrigins, parseTrustProxy } from './config';
import { redactUrl } from './logger';

describe('config', () => {
  const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'api-config-'));

  it('has the defaults of ARCHITECTURE §6', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicOrigins).toContain('http://localhost:3000');
    expect(config.publicOrigins).toContain('http://127.0.0.1:3004');
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', JWT_SECRET: 's' }).jwtSecret).toBe('s');
  });

  it('parses PUBLIC_ORIGINS as a comma list', () => {
    expect(parseOrigins('https://a.ru/, https://b.ru')).toEqual(['https://a.ru', 'https://b.ru']);
  });
});

describe('log redaction', () => {
  it('blanks secret query parameters in logged URLs', () => {
    const url = redactUrl('/api/x?id=5&token=abc&code=123456&refresh_token=r');
    expect(url).not.toMatch(/abc|123456|=r(&|$)/);
    expect(url).toContain('id=5');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, so a client cannot pick its own address for per-IP limits', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('reads true, a hop count or a list of addresses', () => {
    expect(parseTrustProxy('true')).toBe(true);
    const oneHop = parseTrustProxy('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12')).toEqual(['10.0.0.1', '172.16.0.0/12']);
  });
});
