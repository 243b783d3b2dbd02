import { act, useState, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { EarlyInputReplay, replayEarlyInput } from './early-input';

/** Every `onChange` React delivers, as `name=value`. */
type Seen = string[];

/** A server-rendered filter form: a controlled text box, a select and a checkbox. */
function Filters({ seen }: { seen: Seen }) {
  const [text, setText] = useState('');
  const [sort, setSort] = useState('name');
  const [checked, setChecked] = useState(false);
  const record = <T,>(name: string, set: (value: T) => void) => (value: T) => {
    set(value);
    seen.push(`${name}=${String(value)}`);
  };
  const onText = record('text', setText);
  const onSort = record('sort', setSort);
  const onChecked = record('checked', setChecked);
  return (
    <form>
      <input aria-label="Город" value={text} onChange={(event) => onText(event.currentTarget.value)} />
      <select aria-label="Сортировка" value={sort} onChange={(event) => onSort(event.currentTarget.value)}>
        <option value="name">По названию</option>
        <option value="price">По цене</option>
      </select>
      <input type="checkbox" aria-label="Только организации" checked={checked} onChange={(event) => onChecked(event.currentTarget.checked)} />
      <output>{`${text}|${sort}|${String(checked)}`}</output>
    </form>
  );
}

/** A radio group: only one of them may end up checked. */
function Kind({ seen }: { seen: Seen }) {
  const [kind, setKind] = useState('any');
  return (
    <fieldset>
      {['any', 'person', 'organization'].map((value) => (
        <input
          key={value}
          type="radio"
          name="kind"
          aria-label={value}
          value={value}
          checked={kind === value}
          onChange={() => {
            setKind(value);
            seen.push(`kind=${value}`);
          }}
        />
      ))}
      <output>{kind}</output>
    </fieldset>
  );
}

/** The server's HTML of `ui` in the document, not yet hydrated. */
function serverRendered(ui: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

/** Hydrates as bootstrap does: the tree inside `EarlyInputReplay`. */
async function hydrate(container: HTMLElement, ui: ReactElement) {
  await act(async () => {
    hydrateRoot(container, <EarlyInputReplay container={container}>{ui}</EarlyInputReplay>);
  });
}

const field = <T extends Element>(container: HTMLElement, selector: string) => container.querySelector<T>(selector)!;

afterEach(() => {
  document.body.innerHTML = '';
});

test('what was typed, chosen and ticked before hydration reaches React once it hydrates', async () => {
  const seen: Seen = [];
  const container = serverRendered(<Filters seen={seen} />);
  // The visitor acts on the server's HTML: the browser changes the controls, React is not there.
  field<HTMLInputElement>(container, 'input[aria-label="Город"]').value = 'Санкт';
  field<HTMLSelectElement>(container, 'select').value = 'price';
  field<HTMLInputElement>(container, 'input[type="checkbox"]').checked = true;

  await hydrate(container, <Filters seen={seen} />);

  expect(seen).toEqual(['text=Санкт', 'sort=price', 'checked=true']);
  expect(field(container, 'output').textContent).toBe('Санкт|price|true');
  expect(field<HTMLInputElement>(container, 'input[aria-label="Город"]').value).toBe('Санкт');
  expect(field<HTMLInputElement>(container, 'input[type="checkbox"]').checked).toBe(true);
});

test('untouched controls send nothing', async () => {
  const seen: Seen = [];
  const container = serverRendered(<Filters seen={seen} />);
  await hydrate(container, <Filters seen={seen} />);
  expect(seen).toEqual([]);
  expect(replayEarlyInput(container)).toBe(0);
});

test('without the replay React never hears of the early typing (what the replay is for)', async () => {
  const seen: Seen = [];
  const container = serverRendered(<Filters seen={seen} />);
  field<HTMLInputElement>(container, 'input[aria-label="Город"]').value = 'Санкт';
  await act(async () => {
    hydrateRoot(container, <Filters seen={seen} />);
  });
  expect(seen).toEqual([]);
  expect(field(container, 'output').textContent).toBe('|name|false');
});

test('a radio chosen before hydration stays chosen and reaches React', async () => {
  const seen: Seen = [];
  const container = serverRendered(<Kind seen={seen} />);
  field<HTMLInputElement>(container, 'input[value="organization"]').checked = true;

  await hydrate(container, <Kind seen={seen} />);

  expect(seen).toEqual(['kind=organization']);
  expect(field(container, 'output').textContent).toBe('organization');
  expect(field<HTMLInputElement>(container, 'input[value="organization"]').checked).toBe(true);
  expect(field<HTMLInputElement>(container, 'input[value="any"]').checked).toBe(false);
});
