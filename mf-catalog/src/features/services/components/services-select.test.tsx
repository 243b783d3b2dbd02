import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTestRuntimeConfig, stubApi, type FakeAnswer } from '../../../testing/render-route';
import { ServicesSelect } from './services-select';

beforeEach(() => setTestRuntimeConfig());

const SERVICES = [
  { id: 1, name: 'Ремонт', parentId: null, group: null },
  { id: 7, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' },
];

/** The filter opened on a list that failed to load: its «Загрузить список снова». */
async function openFailedList() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ServicesSelect selected={[]} onChange={jest.fn()} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Услуги/ }));
  return { user, retry: await screen.findByRole('button', { name: 'Загрузить список снова' }) };
}

test('«Загрузить список снова» keeps the focus while the list loads again, and hands it to the list once it is there', async () => {
  let answer: ((value: FakeAnswer) => void) | undefined;
  stubApi({
    'service/get-collection/filter': () =>
      answer === undefined ? { status: 500, body: { message: 'Ошибка', code: 'internal' } } : new Promise<FakeAnswer>((resolve) => (answer = resolve)),
  });
  const { user, retry } = await openFailedList();
  answer = () => undefined;
  retry.focus();
  await user.keyboard('{Enter}');

  // Loading: the button stays where the focus is, and says it is busy.
  await waitFor(() => expect(retry).toHaveAttribute('aria-busy', 'true'));
  expect(retry).toHaveFocus();

  act(() => answer?.({ body: { data: { items: SERVICES, total: SERVICES.length, page: 1, limit: 100 } } }));
  expect(await screen.findByRole('checkbox', { name: 'Укладка плитки' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Найти в списке' })).toHaveFocus();
});

test('a retry that fails again leaves the focus on «Загрузить список снова»', async () => {
  stubApi({ 'service/get-collection/filter': () => ({ status: 500, body: { message: 'Ошибка', code: 'internal' } }) });
  const { user, retry } = await openFailedList();
  retry.focus();
  await user.keyboard('{Enter}');

  await waitFor(() => expect(retry).not.toHaveAttribute('aria-busy', 'true'));
  expect(screen.getByRole('button', { name: 'Загрузить список снова' })).toHaveFocus();
});
