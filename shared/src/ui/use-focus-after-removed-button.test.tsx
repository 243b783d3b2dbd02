import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useFocusAfterRemovedButton } from './use-focus-after-removed-button';

/** Files chosen, each with its «Убрать», the list gone with the last; the field they were chosen by. */
function Files({ initial, extra }: { initial: string[]; extra?: string }) {
  const [files, setFiles] = useState(initial);
  const picker = useRef<HTMLInputElement>(null);
  const { list, removed } = useFocusAfterRemovedButton<HTMLUListElement>(files, () => picker.current?.focus());
  return (
    <>
      <input ref={picker} type="file" aria-label="Выбрать файлы" />
      <button type="button" onClick={() => setFiles((all) => [...all, extra ?? 'ещё.pdf'])}>
        Добавить
      </button>
      {files.length > 0 && (
        <ul ref={list}>
          {files.map((file, index) => (
            <li key={file}>
              {file}
              <button
                type="button"
                onClick={() => {
                  removed(index);
                  setFiles((all) => all.filter((_, at) => at !== index));
                }}
              >
                Убрать файл «{file}»
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const remove = (file: string) => screen.getByRole('button', { name: `Убрать файл «${file}»` });
/** The button pressed from the keyboard: focused, then clicked. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

test('the removed item’s button hands the focus to the one in its place, after the last to the one before it, then to onEmpty', () => {
  render(<Files initial={['акт.pdf', 'план.png', 'смета.xlsx']} />);

  press(remove('план.png'));
  expect(remove('смета.xlsx')).toHaveFocus();

  press(remove('смета.xlsx'));
  expect(remove('акт.pdf')).toHaveFocus();

  press(remove('акт.pdf'));
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Выбрать файлы')).toHaveFocus();
});

test('the first item removed hands the focus to the one after it', () => {
  render(<Files initial={['акт.pdf', 'план.png']} />);
  press(remove('акт.pdf'));
  expect(remove('план.png')).toHaveFocus();
});

test('items changed otherwise (one added) leave the focus where it is', () => {
  render(<Files initial={['акт.pdf']} />);
  const add = screen.getByRole('button', { name: 'Добавить' });
  press(add);
  expect(remove('ещё.pdf')).toBeInTheDocument();
  expect(add).toHaveFocus();
});
