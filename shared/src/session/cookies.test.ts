/**
 * @jest-environment-options {"url": "https://market.example/lk/profile"}
 */
import { cookieAttributes, REFRESH_TOKEN_COOKIE, removeCookie, setCookie, TOKEN_COOKIE } from './cookies';

// The raw `Set-Cookie`-like strings js-cookie writes to document.cookie, attributes included.
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    native.set!.call(document, value);
  });
  return writes;
}

afterEach(() => jest.restoreAllMocks());

describe('session cookies on a page served over https (production)', () => {
  it('sets the token and the refresh token Secure and SameSite=Lax, on the whole site', () => {
    const writes = recordCookieWrites();
    setCookie(TOKEN_COOKIE, 'access-1', 3600);
    setCookie(REFRESH_TOKEN_COOKIE, 'refresh-1', 2_592_000);
    expect(writes).toHaveLength(2);
    for (const written of writes) {
      const attributes = written.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toContain('secure');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
    }
  });

  it('removes them with the same attributes, so the browser matches and drops them', () => {
    const writes = recordCookieWrites();
    removeCookie(TOKEN_COOKIE);
    expect(writes[0]!.toLowerCase()).toMatch(/^token=;.*secure/);
  });
});

describe('cookie attributes by protocol', () => {
  it('are Secure over https only: over http a Secure cookie would not be stored at all', () => {
    expect(cookieAttributes(60, 'https:')).toMatchObject({ secure: true, sameSite: 'lax', path: '/' });
    expect(cookieAttributes(60, 'http:')).not.toHaveProperty('secure');
    expect(cookieAttributes(60, 'http:')).toMatchObject({ sameSite: 'lax', path: '/' });
  });
});
