import { matchRemote } from './match-remote';

describe('matchRemote', () => {
  it.each([
    ['/', 'mf_catalog'],
    ['/application', 'mf_catalog'],
    ['/application/search', 'mf_catalog'],
    ['/application/17', 'mf_catalog'],
    ['/lk', 'mf_cabinet'],
    ['/lk/facility/form', 'mf_cabinet'],
    ['/lk/facility/5', 'mf_cabinet'],
    ['/lk/application', 'mf_applications'],
    ['/lk/application/edit/3', 'mf_applications'],
    ['/lk/message', 'mf_messaging'],
    ['/lk/message/', 'mf_messaging'],
    ['/no-such-page', null],
    ['/lk/application/edit', null],
  ])('%s → %s', (path, remote) => {
    expect(matchRemote(path)).toBe(remote);
  });
});
