import { groupServices, OTHER_SERVICES_GROUP } from './service-picker';

const service = (id: number, name: string, group: string | null) => ({ id, name, group, parentId: group ? 1 : null });

test('groups services by parent, both sorted by Russian collation; ungrouped ones under «Другие услуги»', () => {
  const groups = groupServices([service(1, 'Штукатурка', 'Ремонт'), service(2, 'Электрика', null), service(3, 'Покраска', 'Ремонт'), service(4, 'Вывоз мусора', 'Уборка')]);
  expect(groups.map(([group, items]) => [group, items.map((s) => s.name)])).toEqual([
    [OTHER_SERVICES_GROUP, ['Электрика']],
    ['Ремонт', ['Покраска', 'Штукатурка']],
    ['Уборка', ['Вывоз мусора']],
  ]);
});

test('filters by the name or the group, case-insensitively', () => {
  const all = [service(1, 'Штукатурка', 'Ремонт'), service(4, 'Вывоз мусора', 'Уборка')];
  expect(groupServices(all, 'МУСОР').map(([group]) => group)).toEqual(['Уборка']);
  expect(groupServices(all, 'ремонт').flatMap(([, items]) => items.map((s) => s.id))).toEqual([1]);
});
