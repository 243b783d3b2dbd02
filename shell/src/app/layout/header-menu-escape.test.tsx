import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus, useSessionStore } from 'shared';
import { setTestRuntimeConfig } from '../../testing/fake-api';
import { Header } from './header';

// QA (qa-auth), phone 390 px: with the menu left open, Tab goes on into the page (the menu is no
// trap). Escape pressed there — in the page's search field — closed the menu and threw the focus
// up to «Меню», away from the field the user was typing in.

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  useSessionStore.getState().clear();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
        <main>
          <label>
            Найти заявку
            <input type="search" />
          </label>
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('Escape in the page, out of the open menu, leaves the focus where it is', async () => {
  renderPage();
  const user = userEvent.setup();
  const menu = screen.getByRole('button', { name: 'Меню' });
  await user.click(menu);
  const search = screen.getByRole('searchbox', { name: 'Найти заявку' });
  await user.click(search);
  await user.keyboard('ремонт{Escape}');
  expect(search).toHaveFocus();
});

it('Escape inside the menu still closes it and gives the focus back to «Меню»', async () => {
  renderPage();
  const user = userEvent.setup();
  const menu = screen.getByRole('button', { name: 'Меню' });
  await user.click(menu);
  screen.getByRole('link', { name: 'Заявки' }).focus();
  await user.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();
});
