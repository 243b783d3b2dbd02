import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, setUpPageTests, stubApi } from 'shared/testing';
import { renderRoutes, signInAs } from '../../../testing/render-page';
import { PriceDialog } from './terms-dialogs';

setUpPageTests(() => signInAs('customer'));

/** The application form's message for the same text (features/form/price-message.test.tsx). */
const NEGATIVE = 'Цена не может быть отрицательной';

test.each([
  ['-1', NEGATIVE],
  ['abc', 'Укажите цену числом'],
])('«Изменить цену» refuses %s as the application form does: «%s»', async (text, message) => {
  const fetchMock = stubApi({});
  const Dialog = () => <PriceDialog applicationId={41} price={1000} onClose={() => undefined} />;
  renderRoutes([{ path: '/lk/application/detail/:id', Component: Dialog }], '/lk/application/detail/41');
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Изменить цену' });
  const price = within(dialog).getByLabelText('Цена, ₽');

  await user.clear(price);
  await user.type(price, text);
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить цену' }));

  expect(price).toHaveAccessibleDescription(new RegExp(message));
  expect(callsTo(fetchMock, 'POST application/update/price')).toHaveLength(0);
});
