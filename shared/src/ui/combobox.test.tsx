import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Combobox, type ComboboxOption, type ComboboxStatus } from './combobox';

const OPTIONS: ComboboxOption[] = [
  { id: 'kzn', label: 'г Казань', description: 'Республика Татарстан' },
  { id: 'kzch', label: 'г Казачка' },
];

function Host({ options = OPTIONS, status = 'ready' as ComboboxStatus, initial = '', onSelect = jest.fn() }) {
  const [chosen, setChosen] = useState(initial);
  return (
    <Combobox
      label="Город"
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
