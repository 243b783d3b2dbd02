import { nextSteps } from './next-steps';

const ids = (steps: ReturnType<typeof nextSteps>) => steps.map((s) => `${s.id}:${s.done ? 'done' : 'todo'}`);

test('without a profile only the choice of one is asked for', () => {
  expect(ids(nextSteps({ profileType: null, canManage: false, services: 0 }))).toEqual(['profile:todo']);
});

test('an executor names his city and says about himself, lists services, adds requisites and replies', () => {
  expect(ids(nextSteps({ profileType: 'executor', canManage: true, presented: false, services: 2, requisites: 0, applications: 0 }))).toEqual([
    'profile:done',
    'about:todo',
    'services:done',
    'requisites:todo',
    'reply:todo',
  ]);
});

test('a customer adds a facility and publishes an application; services are not its business', () => {
  expect(ids(nextSteps({ profileType: 'customer', canManage: true, services: 0, requisites: 1, facilities: 0, applications: 3 }))).toEqual([
    'profile:done',
    'requisites:done',
    'facility:todo',
    'application:done',
  ]);
});

test("an organisation's employee is not asked for requisites nor its city (the director's to edit), and unknown facts wait", () => {
  expect(ids(nextSteps({ profileType: 'organization', canManage: false, presented: false, services: 1, requisites: 0 }))).toEqual(['profile:done', 'services:done']);
  expect(ids(nextSteps({ profileType: 'organization', canManage: true, presented: true }))).toEqual(['profile:done', 'about:done']);
});

test("an organisation's city and description are edited on its own page, a person's on his profile", () => {
  const about = (profileType: 'executor' | 'organization') => nextSteps({ profileType, canManage: true, presented: false }).find((s) => s.id === 'about')?.to;
  expect(about('organization')).toBe('/lk/organization');
  expect(about('executor')).toBe('/lk/profile');
});
