import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Combobox, type ComboboxOption, type ComboboxProps, type ComboboxStatus } from './combobox';

const OPTIONS: ComboboxOption[] = [
  { id: 'kzn', label: 'г Казань', description: 'Республика Татарстан' },
  { id: 'kzch', label: 'г Казачка' },
];

type HostProps = Partial<Omit<ComboboxProps, 'onSelect'>> & { initial?: string; onSelect?: jest.Mock };

function Host({ options = OPTIONS, status = 'ready' as ComboboxStatus, initial = '', onSelect = jest.fn(), ...props }: HostProps) {
  const [chosen, setChosen] = useState(initial);
  return (
    <Combobox
      label="Город"
      {...props}
      selectedLabel={chosen}
      options={options}
      status={status}
      onSearch={() => {}}
      onSelect={(option) => {
        onSelect(option);
        setChosen(option?.label ?? '');
      }}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Город' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

test('lists suggestions once two letters are typed, with the count announced', () => {
  render(<Host />);
  type('К');
  expect(input()).toHaveAttribute('aria-expanded', 'false');
  type('Ка');
  expect(input()).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getAllByRole('option')).toHaveLength(2);
  expect(screen.getByRole('status')).toHaveTextContent('2 варианта');
});

test('arrows move aria-activedescendant and Enter chooses the highlighted option', () => {
  const onSelect = jest.fn();
  render(<Host onSelect={onSelect} />);
  type('Каз');
  const [first, second] = screen.getAllByRole('option');
  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  expect(input()).toHaveAttribute('aria-activedescendant', first!.id);
  fireEvent.keyDown(input(), { key: 'ArrowDown' });
  expect(input()).toHaveAttribute('aria-activedescendant', second!.id);
  fireEvent.keyDown(input(), { key: 'Enter' });
  expect(onSelect).toHaveBeenCalledWith(OPTIONS[1]);
  expect(input()).toHaveValue('г Казачка');
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
});

test('leaving the field with unfinished text restores the choice; the clear button drops it', () => {
  const onSelect = jest.fn();
  render(<Host initial="г Казань" onSelect={onSelect} />);
  type('Каз');
  fireEvent.blur(input());
  expect(input()).toHaveValue('г Казань');
  expect(onSelect).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Очистить: Город' }));
  expect(onSelect).toHaveBeenCalledWith(null);
  expect(input()).toHaveValue('');
  // The button is gone with the choice; the emptied field has the focus, not the page.
  expect(input()).toHaveFocus();
});

test('says when nothing matches and when suggestions failed to load', () => {
  const { rerender } = render(<Host options={[]} />);
  type('Щщ');
  expect(screen.getByRole('status')).toHaveTextContent('Совпадений нет');
  rerender(<Host options={[]} status="error" />);
  expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');
});

test('a form error is shown under the field, linked to it, and marks it invalid', () => {
  render(<Combobox label="Адрес" selectedLabel="" options={[]} status="idle" onSearch={() => {}} onSelect={() => {}} error="Укажите адрес" />);
  const field = screen.getByRole('combobox', { name: 'Адрес' });
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('Укажите адрес');
});

describe('a form’s field (onUnchosenText)', () => {
  const FormHost = (props: HostProps) => <Host unchosenError="Выберите город из подсказок" onUnchosenText={jest.fn()} {...props} />;

  test('reports the text typed and not chosen, keeps it when the field is left (its list closed), and reports none once a suggestion is chosen', () => {
    const onUnchosenText = jest.fn();
    const onSelect = jest.fn();
    // The choice arrives after the report that no text stands: the form checks its fields on it.
    onSelect.mockImplementation(() => expect(onUnchosenText).toHaveBeenLastCalledWith(null));
    render(<FormHost onUnchosenText={onUnchosenText} onSelect={onSelect} />);

    type('Каз');
    expect(onUnchosenText).toHaveBeenLastCalledWith('Каз');
    fireEvent.blur(input(), { relatedTarget: document.body });
    expect(input()).toHaveValue('Каз');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(onUnchosenText).toHaveBeenLastCalledWith('Каз');

    // Back in the field, the arrow opens the list again.
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(OPTIONS[0]);
    expect(onUnchosenText).toHaveBeenLastCalledWith(null);
  });

  test('left holding typed text, it says to choose at once (no save takes that text); typing again or choosing takes it back', () => {
    render(<FormHost />);
    type('Каз');
    expect(input()).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(input(), { relatedTarget: document.body });
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription('Выберите город из подсказок');

    type('Каза');
    expect(input()).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(input(), { relatedTarget: document.body });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  test('emptied, the field drops its choice at once (a save by Enter saves none); Escape brings the choice back over typed text', () => {
    const onUnchosenText = jest.fn();
    const onSelect = jest.fn();
    render(<FormHost initial="г Казань" onUnchosenText={onUnchosenText} onSelect={onSelect} />);

    type('Каза');
    expect(onUnchosenText).toHaveBeenLastCalledWith('Каза');
    fireEvent.keyDown(input(), { key: 'Escape' });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input()).toHaveValue('г Казань');
    expect(onUnchosenText).toHaveBeenLastCalledWith(null);
    expect(onSelect).not.toHaveBeenCalled();

    type('');
    expect(onSelect).toHaveBeenCalledWith(null);
    expect(onUnchosenText).toHaveBeenLastCalledWith(null);
  });

  test('over typed text any form error says to choose; the message about typed text is not said once the text is gone', () => {
    const { rerender } = render(<FormHost error="Город не найден" />);
    type('Каз');
    expect(input()).toHaveAccessibleDescription('Выберите город из подсказок');

    rerender(<FormHost error="Выберите город из подсказок" />);
    expect(input()).toBeInvalid();
    type('');
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(input()).not.toHaveAccessibleDescription();
  });
});

describe('«Повторить» of suggestions that failed to load', () => {
  const FailedHost = (props: HostProps) => <Host initial="г Казань" options={[]} status="error" {...props} />;

  test('is offered under the field once a lookup failed, reached by Tab without leaving the field, and asks again', () => {
    const onRetry = jest.fn();
    const onSelect = jest.fn();
    const { rerender } = render(<FailedHost onRetry={onRetry} onSelect={onSelect} />);
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();

    type('Омс');
    expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить подсказки');
    const retry = screen.getByRole('button', { name: 'Повторить' });
    // Tab to it: the typed text stays (a filter's field left would show its choice again).
    fireEvent.blur(input(), { relatedTarget: retry });
    retry.focus();
    expect(input()).toHaveValue('Омс');
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<FailedHost onRetry={onRetry} onSelect={onSelect} retrying />);
    expect(retry).toHaveAttribute('aria-busy', 'true');
    expect(retry).toHaveFocus();

    // Pressed with the mouse, it leaves the focus in the input.
    expect(fireEvent.mouseDown(retry)).toBe(false);

    // Leaving it for the rest of the page is leaving the field.
    const outside = document.body.appendChild(document.createElement('button'));
    fireEvent.blur(retry, { relatedTarget: outside });
    expect(input()).toHaveValue('г Казань');
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
    outside.remove();
  });
});

test('a list that opens past the visible part of the page (a phone\'s keyboard up) brings the field up, once; one that fits leaves the page', () => {
  const scrolled: Element[] = [];
  const scrollIntoView = jest.fn(function (this: Element) {
    scrolled.push(this);
  });
  const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
  Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
  // A visual viewport 400 px high: the rest of the 844 px screen is under the keyboard.
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: { offsetTop: 0, height: 400 } });
  try {
    rect.mockImplementation(function (this: HTMLElement) {
      return { bottom: this.getAttribute('role') === 'listbox' ? 520 : 0 } as DOMRect;
    });
    const { unmount } = render(<Host />);
    type('Ка');
    expect(scrolled).toEqual([input()]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    type('Каз');
    expect(scrolled).toHaveLength(1);
    unmount();

    rect.mockImplementation(() => ({ bottom: 380 }) as DOMRect);
    render(<Host />);
    type('Ка');
    expect(scrolled).toHaveLength(1);
  } finally {
    rect.mockRestore();
    delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    delete (window as { visualViewport?: unknown }).visualViewport;
  }
});
