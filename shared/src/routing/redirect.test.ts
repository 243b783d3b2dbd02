import { loginOver, safeRedirect, withRedirect } from './redirect';

test('loginOver keeps the page (its search and #hash) under the login dialog, which goes on to the target', () => {
  const at = loginOver({ pathname: '/application/42', search: '?from=map', hash: '#replies' }, '/lk/message?applicationId=42');
  expect(at.pathname).toBe('/application/42');
  expect(at.hash).toBe('#replies');
  expect(Object.fromEntries(new URLSearchParams(at.search))).toEqual({ from: 'map', auth: 'login', redirect: '/lk/message?applicationId=42' });
  // An earlier dialog's parameters are replaced, not repeated.
  const again = loginOver({ pathname: '/', search: at.search, hash: '' }, '/lk');
  expect(new URLSearchParams(again.search).getAll('auth')).toEqual(['login']);
  expect(new URLSearchParams(again.search).getAll('redirect')).toEqual(['/lk']);
});

test('safeRedirect follows only a path of this site; withRedirect appends the target encoded', () => {
  expect(safeRedirect('/lk/money?tab=1')).toBe('/lk/money?tab=1');
  for (const outside of ['//evil.example', 'https://evil.example', '/\\evil.example', '', null, undefined]) expect(safeRedirect(outside)).toBeNull();
  // Nor one that resolves to another site once its dot segments go (QA AAV-2); one that stays here is followed.
  for (const outside of ['/..//evil.example', '/lk/..//evil.example', '/./..//evil.example', '/%2e%2e//evil.example/path', '/..\\\\evil.example']) {
    expect([outside, safeRedirect(outside)]).toEqual([outside, null]);
  }
  expect(safeRedirect('/lk/../application?query=ремонт')).toBe('/lk/../application?query=ремонт');
  expect(withRedirect('/lk/profile', '/application/1?reply=1')).toBe('/lk/profile?redirect=%2Fapplication%2F1%3Freply%3D1');
  expect(withRedirect('/lk/profile?x=1', '/lk')).toBe('/lk/profile?x=1&redirect=%2Flk');
});
