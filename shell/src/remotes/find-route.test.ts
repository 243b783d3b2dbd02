import type { RemoteRoute } from 'shared';
import { findRoute } from './remote-route';

const route = (path: string, extra: Partial<RemoteRoute> = {}): RemoteRoute => ({ path, handle: { title: path }, ...extra }) as RemoteRoute;

describe("findRoute: a remote's route below its mount, as react-router ranks them", () => {
  it('matches static paths before params, with the params decoded', () => {
    const routes = [route('application/:id'), route('application/search'), route('*')];
    expect(findRoute(routes, 'application/search')?.route).toBe(routes[1]);
    expect(findRoute(routes, 'application/17')).toEqual({ route: routes[0], params: { id: '17' } });
    expect(findRoute(routes, 'application/%D0%B0')?.params).toEqual({ id: 'а' });
    expect(findRoute(routes, 'nothing/here')?.route).toBe(routes[2]);
    expect(findRoute([route('about')], 'nothing')).toBeNull();
    // An encoded «?» or «#» belongs to the path: `service%3Fpage=2` is not `service` with a query.
    expect(findRoute([route('service')], 'service%3Fpage=2')).toBeNull();
    expect(findRoute([route('service')], 'service?page=2')).toBeNull();
  });

  it('gives each caller its own params, so one that keeps or changes them changes no other answer', () => {
    const routes = [route('facility/:id')];
    const first = findRoute(routes, 'facility/5')!;
    first.params.id = 'changed';
    expect(findRoute(routes, 'facility/5')!.params).toEqual({ id: '5' });
  });

  it("answers from the routes as they are now: a remote's new route, or a route object replaced under the same path", () => {
    const routes = [route('about')];
    expect(findRoute(routes, 'reviews')).toBeNull();
    routes.push(route('reviews'));
    expect(findRoute(routes, 'reviews')?.route).toBe(routes[1]);
    const replaced = route('reviews', { handle: { title: 'Отзывы' } });
    routes[1] = replaced;
    expect(findRoute(routes, 'reviews')?.route).toBe(replaced);
    // Case sensitivity is part of the match.
    const strict = [route('About', { caseSensitive: true })];
    expect(findRoute(strict, 'about')).toBeNull();
    expect(findRoute([route('About')], 'about')).not.toBeNull();
  });
});
