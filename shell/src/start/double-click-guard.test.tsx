import { fireEvent, render, screen } from '@testing-library/react';
import { guardDoubleClickTail } from './double-click-guard';

let release: () => void;
beforeEach(() => {
  release = guardDoubleClickTail(document);
});
afterEach(() => release());

function form() {
  const submitted = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <form onSubmit={submitted}>
      <label>
        <input type="checkbox" /> Услуги грузчиков
      </label>
      <button type="submit">Опубликовать</button>
    </form>,
  );
  return { checkbox: screen.getByRole('checkbox', { name: 'Услуги грузчиков' }), label: screen.getByText('Услуги грузчиков'), button: screen.getByRole('button', { name: 'Опубликовать' }), submitted };
}

/** One press as the browser makes it: mousedown, then click, `detail` counting the presses of a multiple click. */
const press = (element: HTMLElement, detail: number) => {
  fireEvent.mouseDown(element, { detail });
  fireEvent.click(element, { detail });
};

test('the second press of a double click that lands elsewhere (the page moved under the pointer) ticks nothing (QA AAP-3)', () => {
  const { checkbox, label, button, submitted } = form();
  press(button, 1);
  press(label, 2);
  expect(checkbox).not.toBeChecked();
  expect(submitted).toHaveBeenCalledTimes(1);
  // The next single press is the user's own.
  press(label, 1);
  expect(checkbox).toBeChecked();
});

test('a double click on one element goes on as two presses, a label and its checkbox alike', () => {
  const { checkbox, label, button, submitted } = form();
  press(button, 1);
  press(button, 2);
  expect(submitted).toHaveBeenCalledTimes(2);
  press(label, 1);
  press(label, 2);
  expect(checkbox).not.toBeChecked();
  press(checkbox, 1);
  expect(checkbox).toBeChecked();
});

test('released, it drops nothing', () => {
  release();
  const { checkbox, label, button } = form();
  press(button, 1);
  press(label, 2);
  expect(checkbox).toBeChecked();
});
