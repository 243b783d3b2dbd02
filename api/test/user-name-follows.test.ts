import { makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { makeOrganization } from './organization-helpers';

/**
 * «Имя» in «Личные данные» (`user/update`) is the name others see too (QA M-2): his personal
 * profiles, made with a copy of it, follow while they carry the one he had; an organisation, and a
 * profile given a name of its own, keep theirs.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const profileNames = async (userId: number) =>
  (await d.db.query<{ type: string; name: string }>('select type, name from profiles where user_id = $1 order by id', [userId])).map((p) => `${p.type}: ${p.name}`);

it('renames his personal profiles with him: his profile list says the new name', async () => {
  const executor = await makePerson(d.db, 'executor', 'Иван Петров');
  must(await d.api.post(executor, 'user/update', { name: 'Пётр Тестов' }), 'rename');
  expect(await profileNames(executor.userId)).toEqual(['executor: Пётр Тестов']);
  const listed = must(await d.api.get(executor, 'user/profile/list', {}), 'profiles').items as Array<{ id: number; name: string }>;
  expect(listed.find((p) => p.id === executor.profileId)?.name).toBe('Пётр Тестов');
});

it("keeps an organisation's name, and a personal profile's own name, as they were", async () => {
  const { director } = await makeOrganization(d, 'ООО «Своё Имя»');
  // His customer profile carries his name; an executor profile of his is named otherwise.
  must(await d.api.call(director, 'PUT', 'user/profile/update', { type: 'executor', name: 'Бригада Руководителя' }), 'executor profile');
  must(await d.api.post(director, 'user/update', { name: 'Новое Имя' }), 'rename');
  expect(await profileNames(director.userId)).toEqual(['customer: Новое Имя', 'organization: ООО «Своё Имя»', 'executor: Бригада Руководителя']);
});
