import { screen } from '@testing-library/react';
import { useSessionStore } from 'shared';
import { ok, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { Component as CabinetPage } from './cabinet-page';

setUpPageTests(() => useSessionStore.getState().setTokens('access-token', 'refresh-token'));

test('while the user and his profiles load, the page already has its h1 «Личный кабинет» (QA NN-1)', async () => {
  serveApi({
    'GET user/get/token': () => ok({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: null }),
    'GET user/profile/list': () => ok({ items: [] }),
  });
  renderRoutes([{ path: '/lk', Component: CabinetPage }], '/lk');
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем личный кабинет…');
  expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toHaveClass('ui-visually-hidden');

  // The page in: its own header's h1 instead, still one.
  expect(await screen.findByText('Здравствуйте, Иван Петров!')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Личный кабинет' })).not.toHaveClass('ui-visually-hidden');
});
