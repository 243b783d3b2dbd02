import { joinPath } from './join-path';
import { routeGuards } from './types';

describe('joinPath', () => {
  it.each([
    ['/', '', '/'],
    ['/', 'application/:id', '/application/:id'],
    ['/lk', '', '/lk'],
    ['/lk', 'facility/:id', '/lk/facility/:id'],
    ['/lk/application', 'edit/:id', '/lk/application/edit/:id'],
    ['/lk/message/', '/', '/lk/message'],
    ['lk', '/profile/', '/lk/profile'],
  ])('joins %p and %p into %p', (mount, relative, expected) => {
    expect(joinPath(mount, relative)).toBe(expected);
  });
});

describe('routeGuards', () => {
  it('reads guards from a handle and tolerates handles without them', () => {
    expect(routeGuards({ title: 'Профиль', guards: ['auth', 'profile'] })).toEqual(['auth', 'profile']);
    expect(routeGuards({ title: 'Главная' })).toEqual([]);
    expect(routeGuards(undefined)).toEqual([]);
  });
});
