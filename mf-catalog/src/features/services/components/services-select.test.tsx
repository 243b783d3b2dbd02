import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

describe('closing the open list', () => {
  /** The filter between two other controls of a page, its list loaded; `selected` follows the ticks. */
  function renderBetweenControls() {
    stubApi({ 'service/get-collection/filter': () => ({ body: { data: { items: SERVICES, total: SERVICES.length, page: 1, limit: 100 } } }) });
    const onChange = jest.fn<void, [number[]]>();
    function Host() {
      const [selected, setSelected] = useState<number[]>([]);
      return (
        <>
          <button type="button">До фильтра</button>
          <ServicesSelect
            selected={selected}
            onChange={(ids) => {
              onChange(ids);
              setSelected(ids);
            }}
          />
          <p>Текст страницы</p>
          <button type="button">После фильтра</button>
        </>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Host />
      </QueryClientProvider>,
    );
    return { onChange, user: userEvent.setup(), toggle: screen.getByRole('button', { name: /Услуги/ }) };
  }

  test('Escape on the toggle closes the list', async () => {
    const { user, toggle } = renderBetweenControls();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('Escape on a checkbox inside closes the list and gives the focus back to the toggle', async () => {
    const { user, toggle, onChange } = renderBetweenControls();
    await user.click(toggle);
    await user.click(await screen.findByRole('checkbox', { name: 'Укладка плитки' }));
    expect(onChange).toHaveBeenLastCalledWith([7]);
    // Ticked, the list stays open.
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'Укладка плитки' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Укладка плитки' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveTextContent('Укладка плитки');
  });

  test('a press outside closes the list, on text as on a control; a press inside does not', async () => {
    const { user, toggle } = renderBetweenControls();
    await user.click(toggle);
    await user.click(await screen.findByRole('checkbox', { name: 'Ремонт' }));
    await user.click(screen.getByRole('textbox', { name: 'Найти в списке' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByText('Текст страницы'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'До фильтра' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('Tab past the last checkbox closes the list; Tab and Shift+Tab inside it do not', async () => {
    const { user, toggle } = renderBetweenControls();
    await user.click(toggle);
    const last = await screen.findByRole('checkbox', { name: 'Укладка плитки' });
    last.focus();
    await user.tab({ shift: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(last).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'После фильтра' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
