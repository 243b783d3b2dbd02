import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPageTests, stubApi } from 'shared/testing';
import { Component as FormPage } from '../../pages/application-form-page';
import { renderRoutes, signInAs } from '../../testing/render-page';
import { lookupRoutes } from './testing/form-fixtures';

jest.setTimeout(20_000);
setUpPageTests(() => signInAs('customer'));

// The detail page's «Изменить цену» says the same for the same text (detail/components/terms-dialogs.test.tsx).
test.each([
  ['-1', 'Цена не может быть отрицательной'],
  ['abc', 'Укажите цену числом'],
])('the form refuses the price %s with «%s»', async (text, message) => {
  stubApi(lookupRoutes);
  renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Цена, ₽'), text);
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  await waitFor(() => expect(screen.getByLabelText('Цена, ₽')).toHaveAccessibleDescription(new RegExp(message)));
});

test('a refused price is said as the field is left, before any publication (the draft is saved without it)', async () => {
  stubApi(lookupRoutes);
  renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Цена, ₽'), 'abc');
  await user.tab();
  await waitFor(() => expect(screen.getByLabelText('Цена, ₽')).toHaveAccessibleDescription(/Укажите цену числом/));
  // An empty price is no error while drafting: it is required only to publish.
  await user.clear(screen.getByLabelText('Цена, ₽'));
  await user.tab();
  await waitFor(() => expect(screen.getByLabelText('Цена, ₽')).not.toHaveAccessibleDescription(/Укажите цену/));
});
