import { guessRoutePath, matchMount, pathBelowMount } from './match-remote';
import { remoteMounts } from './registry';

// The mounts of remotes.json, as /runtime-config.json gives them (any order).
const mounts = remoteMounts({ mf_catalog: '/', mf_cabinet: '/lk/', mf_applications: '/lk/application', mf_messaging: '/lk/message' });

describe('matchMount', () => {
  it.each([
    ['/', 'mf_catalog'],
    ['/application/17', 'mf_catalog'],
    ['/no-such-page', 'mf_catalog'],
    ['/lkx', 'mf_catalog'],
    ['/lk', 'mf_cabinet'],
    ['/lk/facility/5', 'mf_cabinet'],
    ['/lk/application', 'mf_applications'],
    ['/lk/application/edit/3', 'mf_applications'],
    ['/lk/message', 'mf_messaging'],
    ['/lk/message/', 'mf_messaging'],
    ['/lk/messages', 'mf_cabinet'],
  ])('%s → %s', (path, remote) => {
    expect(matchMount(mounts, path)?.name).toBe(remote);
  });

  it('owns nothing without a root mount', () => {
    expect(matchMount(mounts.filter((m) => m.mount !== '/'), '/about')).toBeNull();
  });
});

it('pathBelowMount strips the mount and the slashes', () => {
  expect(pathBelowMount('/lk', '/lk/facility/5/')).toBe('facility/5');
  expect(pathBelowMount('/lk/message', '/lk/message')).toBe('');
  expect(pathBelowMount('/', '/application/search')).toBe('application/search');
});

describe('guessRoutePath', () => {
  const paths = ['', 'application', 'application/search', 'application/:id', 'edit/:id'];
  it.each([
    ['', ''],
    ['application', 'application'],
    ['application/search', 'application/search'],
    ['application/17', 'application/:id'],
    ['edit', null],
    ['nope', null],
  ])('%s → %s', (path, route) => {
    expect(guessRoutePath(paths, path)).toBe(route);
  });
});
