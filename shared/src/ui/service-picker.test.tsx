import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setTestRuntimeConfig, stubApi, type FakeAnswer } from '../testing/fake-api';
import { groupServices, matchesServiceSearch, OTHER_SERVICES_GROUP, ServicePicker } from './service-picker';

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

describe('«Загрузить снова» after the list failed to load', () => {
  beforeEach(() => setTestRuntimeConfig());
  const SERVICES = [service(7, 'Укладка плитки', 'Ремонт')];
  const renderPicker = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ServicePicker renderItem={(s) => <label><input type="checkbox" />{s.name}</label>} />
      </QueryClientProvider>,
    );

  test('keeps the focus on the button, busy, while the list loads again, and hands it to the search once the list is there', async () => {
    let answer: ((value: FakeAnswer) => void) | undefined;
    stubApi({
      'service/get-collection/filter': () =>
        answer === undefined ? { status: 500, body: { message: 'Ошибка', code: 'internal' } } : new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    });
    renderPicker();
    const retry = await screen.findByRole('button', { name: 'Загрузить снова' });
    answer = () => undefined;
    retry.focus();
    fireEvent.click(retry);

    await waitFor(() => expect(retry).toHaveAttribute('aria-busy', 'true'));
    expect(retry).toHaveFocus();

    act(() => answer?.({ body: { data: { items: SERVICES, total: 1, page: 1, limit: 100 } } }));
    expect(await screen.findByRole('checkbox', { name: 'Укладка плитки' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Найти услугу' })).toHaveFocus();
  });

  test('a retry that fails again leaves the focus on the button', async () => {
    stubApi({ 'service/get-collection/filter': () => ({ status: 500, body: { message: 'Ошибка', code: 'internal' } }) });
    renderPicker();
    const retry = await screen.findByRole('button', { name: 'Загрузить снова' });
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Загрузить снова' })).not.toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Загрузить снова' })).toHaveFocus();
  });
});

test('the search finds another form of a word, as the catalogue’s does; not a mere beginning of a stem', () => {
  const names = ['Укладка плитки', 'Установка дверей', 'Монтаж освещения', 'Вывоз строительного мусора', 'Демонтаж'];
  const found = (query: string) => names.filter((name) => matchesServiceSearch(name, query));
  expect(found('плитка')).toEqual(['Укладка плитки']);
  expect(found('ПЛИТКОЙ')).toEqual(['Укладка плитки']);
  expect(found('двери')).toEqual(['Установка дверей']);
  expect(found('строительный мусор')).toEqual(['Вывоз строительного мусора']);
  expect(found('монт')).toEqual(['Монтаж освещения', 'Демонтаж']);
  expect(found('освещение')).toEqual(['Монтаж освещения']);
  expect(found('плитка дверь')).toEqual([]);
  expect(found('  ')).toEqual(names);
});
