import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { NotFoundPage } from './not-found-page';

function renderAt(element: React.ReactNode, path = '/somewhere') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Главная</h1> },
      { path: '*', element },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('error screens', () => {
  it('404 explains a wrong address', () => {
    renderAt(<ErrorScreen status={404} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Неправильно набран адрес или такой страницы больше не существует.')).toBeInTheDocument();
  });

  it('403 says access is restricted', () => {
    renderAt(<ErrorScreen status={403} />);
    expect(screen.getByRole('heading', { name: 'Доступ к странице ограничен' })).toBeInTheDocument();
  });

  it('500 shows the message', () => {
    renderAt(<ErrorScreen status={500} detail="База данных недоступна" />);
    expect(screen.getByRole('heading', { name: 'Внутренняя ошибка сервера' })).toBeInTheDocument();
    expect(screen.getByText('База данных недоступна')).not.toHaveAttribute('lang');
  });

  it('an unmatched route shows "Page not found: {path}"', () => {
    renderAt(<NotFoundPage />, '/no-such-page');
    // The spec's English text, marked so that a screen reader reads it in English.
    expect(screen.getByText('Page not found: /no-such-page')).toHaveAttribute('lang', 'en');
  });

  it('"На главную" goes home and "Назад" goes back', async () => {
    const user = userEvent.setup();
    const router = renderAt(<ErrorScreen status={403} />);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(router.state.location.pathname).toBe('/');

    const second = renderAt(<ErrorScreen status={404} />, '/x');
    await user.click(screen.getAllByRole('button', { name: 'На главную' }).at(-1)!);
    expect(second.state.location.pathname).toBe('/');
  });
});

// QA (qa-auth): a 404 opened straight from outside (a link in a new tab, a typed address) has no
// page of this site to go back to: «Назад» did nothing in a new tab, or left the site.
it('«Назад» on the first page of the visit goes home rather than nowhere', async () => {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Главная</h1> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: ['/no-such-page'] },
  );
  render(<RouterProvider router={router} />);
  await user.click(screen.getByRole('button', { name: 'Назад' }));
  expect(router.state.location.pathname).toBe('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Главная' })).toBeInTheDocument();
});
