import { act, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { replayEarlyInput } from './early-input';

interface Seen {
  text: string[];
  sort: string[];
  checked: boolean[];
}

/** A server-rendered filter form: a controlled text box, a select and a checkbox. */
function Filters({ seen, onHydrated }: { seen: Seen; onHydrated?: () => void }) {
  const [text, setText] = useState('');
  const [sort, setSort] = useState('name');
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return (
    <form>
      <input
        aria-label="Город"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          seen.text.push(event.currentTarget.value);
        }}
      />
      <select
        aria-label="Сортировка"
        value={sort}
        onChange={(event) => {
          setSort(event.currentTarget.value);
          seen.sort.push(event.currentTarget.value);
        }}
      >
        <option value="name">По названию</option>
        <option value="price">По цене</option>
      </select>
      <input
        type="checkbox"
        aria-label="Только организации"
        checked={checked}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          seen.checked.push(event.currentTarget.checked);
        }}
      />
      <output>{`${text}|${sort}|${String(checked)}`}</output>
    </form>
  );
}

function serverRendered(): { container: HTMLElement; seen: Seen } {
  const seen: Seen = { text: [], sort: [], checked: [] };
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Filters seen={seen} />);
  document.body.append(container);
  return { container, seen };
}

async function hydrate(container: HTMLElement, seen: Seen) {
  let replayed = -1;
  await act(async () => {
    hydrateRoot(container, <Filters seen={seen} onHydrated={() => (replayed = replayEarlyInput(container))} />);
  });
  return replayed;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('what was typed, chosen and ticked before hydration reaches React once it hydrates', async () => {
  const { container, seen } = serverRendered();
  // The visitor acts on the server's HTML: the browser changes the controls, React is not there.
  container.querySelector<HTMLInputElement>('input[aria-label="Город"]')!.value = 'Санкт';
  container.querySelector('select')!.value = 'price';
  container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;

  const replayed = await hydrate(container, seen);

  expect(replayed).toBe(3);
  expect(seen).toEqual({ text: ['Санкт'], sort: ['price'], checked: [true] });
  expect(container.querySelector('output')!.textContent).toBe('Санкт|price|true');
  expect(container.querySelector<HTMLInputElement>('input[aria-label="Город"]')!.value).toBe('Санкт');
  expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(true);
});

test('untouched controls send nothing', async () => {
  const { container, seen } = serverRendered();
  const replayed = await hydrate(container, seen);
  expect(replayed).toBe(0);
  expect(seen).toEqual({ text: [], sort: [], checked: [] });
});

test('without the replay React never hears of the early typing (what the replay is for)', async () => {
  const { container, seen } = serverRendered();
  container.querySelector<HTMLInputElement>('input[aria-label="Город"]')!.value = 'Санкт';
  await act(async () => {
    hydrateRoot(container, <Filters seen={seen} />);
  });
  expect(seen.text).toEqual([]);
  expect(container.querySelector('output')!.textContent).toBe('|name|false');
});

function Kind({ seen }: { seen: string[] }) {
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
            seen.push(value);
          }}
        />
      ))}
      <output>{kind}</output>
    </fieldset>
  );
}

test('a radio chosen before hydration stays chosen and reaches React', async () => {
  const seen: string[] = [];
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Kind seen={seen} />);
  document.body.append(container);
  container.querySelector<HTMLInputElement>('input[value="organization"]')!.checked = true;

  let replayed = -1;
  await act(async () => {
    hydrateRoot(container, <Kind seen={seen} />);
  });
  await act(async () => {
    replayed = replayEarlyInput(container);
  });

  expect(replayed).toBe(1);
  expect(seen).toEqual(['organization']);
  expect(container.querySelector('output')!.textContent).toBe('organization');
  expect(container.querySelector<HTMLInputElement>('input[value="organization"]')!.checked).toBe(true);
  expect(container.querySelector<HTMLInputElement>('input[value="any"]')!.checked).toBe(false);
});
