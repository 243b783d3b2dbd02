import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe('a field kept focused by the press, refused by that submit', () => {
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterEach(() => {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  function renderChecked(check: (field: HTMLInputElement) => void) {
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
          // As react-hook-form's resolvers: the refusal comes after an await.
          void Promise.resolve().then(() => check(field));
        }}
      >
        <input name="name" aria-label="Получатель" />
        <Button type="submit">Добавить</Button>
      </form>,
    );
    const field = screen.getByLabelText('Получатель');
    field.focus();
    return field;
  }

  function press(name: string) {
    const button = screen.getByRole('button', { name });
    fireEvent.mouseDown(button);
    fireEvent.click(button);
  }

  test('is scrolled into view once marked invalid: the form’s focus() finds it focused and would move nothing', async () => {
    const field = renderChecked((input) => input.setAttribute('aria-invalid', 'true'));
    press('Добавить');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView.mock.contexts[0]).toBe(field);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(field).toHaveFocus();
  });

  test('already invalid from the press before, it is scrolled to as well', async () => {
    const field = renderChecked(() => undefined);
    field.setAttribute('aria-invalid', 'true');
    press('Добавить');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
  });

  test('a field the submit accepts, or one that lost the focus meanwhile, is left where it is', async () => {
    renderChecked(() => undefined);
    press('Добавить');
    await new Promise((resolve) => setTimeout(resolve, 20));
    cleanup();
    const field = renderChecked((input) => input.setAttribute('aria-invalid', 'true'));
    press('Добавить');
    field.blur();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
