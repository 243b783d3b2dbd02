import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from './button';

function renderForm() {
  const onSubmit = jest.fn();
  render(
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <input aria-label="Название" />
        <Button type="submit">Сохранить</Button>
        <Button>Другое</Button>
      </form>
      <input aria-label="Поиск" />
    </>,
  );
  return onSubmit;
}

test('a submit pressed while a field of its form has the focus leaves the focus there until the click: no blur moves the button mid-click', () => {
  const onSubmit = renderForm();
  const field = screen.getByLabelText('Название');
  field.focus();
  // The mousedown's default (moving the focus, so blurring the field) is cancelled.
  expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Сохранить' }))).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(field).toHaveFocus();
});

test('other buttons, other mouse buttons, and a submit pressed with the focus outside its form keep the default', () => {
  renderForm();
  screen.getByLabelText('Название').focus();
  expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Другое' }))).toBe(true);
  expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Сохранить' }), { button: 2 })).toBe(true);
  screen.getByLabelText('Поиск').focus();
  expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Сохранить' }))).toBe(true);
});
