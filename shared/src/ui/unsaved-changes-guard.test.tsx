import { fireEvent, screen, within } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSessionStore } from '../session';
import { renderRoutes } from '../testing';
import { LeaveUnsavedDialog, LEAVE_UNSAVED_DESCRIPTION, useUnsavedChangesGuard } from './unsaved-changes-guard';

const NAME_LOST = 'Имя не сохранено и пропадёт, если уйти со страницы.';
const ABOUT_LOST = 'Описание не сохранено и пропадёт, если уйти со страницы.';

/** A form saved by its submit: unsaved while its field differs from what was saved. */
function GuardedForm({ label, description }: { label: string; description: string }) {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState('');
  const guard = useUnsavedChangesGuard(value !== saved);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(value);
  };
  return (
    <>
      <form aria-label={label} onSubmit={save}>
        <label>
          {label}
          <input value={value} onChange={(event) => setValue(event.target.value)} />
        </label>
        <button type="submit">Сохранить</button>
        <Link to="/other" onClick={guard.releaseOnFollow}>
          Отмена
        </Link>
      </form>
      <LeaveUnsavedDialog blocker={guard.blocker} description={description} />
    </>
  );
}

/** A page with two guarded forms (the second one can be closed) and a link away. */
function TwoForms() {
  const [aboutShown, setAboutShown] = useState(true);
  return (
    <>
      <GuardedForm label="Имя" description={NAME_LOST} />
      {aboutShown && <GuardedForm label="Описание" description={ABOUT_LOST} />}
      <button type="button" onClick={() => setAboutShown(false)}>
        Закрыть описание
      </button>
      <Link to="/other">Другая страница</Link>
    </>
  );
}

function renderTwoForms() {
  const rendered = renderRoutes(
    [
      { path: '/page', Component: TwoForms },
      { path: '/other', Component: () => <h1>Другая страница</h1> },
    ],
    '/page',
  );
  return { ...rendered, user };
}

// user-event is not among shared's dependencies: the events it would send, as far as these forms need.
const user = {
  async type(input: HTMLElement, text: string) {
    fireEvent.change(input, { target: { value: (input as HTMLInputElement).value + text } });
  },
  async clear(input: HTMLElement) {
    fireEvent.change(input, { target: { value: '' } });
  },
  async click(element: HTMLElement) {
    fireEvent.click(element);
  },
};

const form = (name: string) => screen.getByRole('form', { name });
const field = (name: string) => screen.getByRole('textbox', { name });
const leaveDialog = () => screen.findByRole('dialog', { name: 'Уйти без сохранения?' });

let warn: jest.SpyInstance;

beforeEach(() => {
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  warn = jest.spyOn(console, 'warn');
});

afterEach(() => {
  // React Router consults one blocker only, and warns when it finds more.
  expect(warn.mock.calls.flat().join('\n')).not.toMatch(/only supports one blocker/);
  warn.mockRestore();
});

describe('useUnsavedChangesGuard with two forms on one page', () => {
  it('asks before leaving when either form has unsaved edits (here the first one), naming what is lost', async () => {
    const { user, location } = renderTwoForms();
    await user.type(field('Имя'), 'Иван');
    await user.click(screen.getByRole('link', { name: 'Другая страница' }));

    const dialog = await leaveDialog();
    expect(dialog).toHaveAccessibleDescription(NAME_LOST);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().pathname).toBe('/page');
    expect(field('Имя')).toHaveValue('Иван');
  });

  it('asks for the second form too, and leaves without a question when neither has edits', async () => {
    const { user, location } = renderTwoForms();
    await user.type(field('Описание'), 'Сантехник');
    await user.click(screen.getByRole('link', { name: 'Другая страница' }));
    expect(await leaveDialog()).toHaveAccessibleDescription(ABOUT_LOST);
    await user.click(screen.getByRole('button', { name: 'Отмена' }));

    await user.clear(field('Описание'));
    await user.click(screen.getByRole('link', { name: 'Другая страница' }));
    expect(await screen.findByRole('heading', { name: 'Другая страница' })).toBeInTheDocument();
    expect(location().pathname).toBe('/other');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with both forms edited, asks once, in words that name no one form, and one «Уйти без сохранения» leaves both', async () => {
    const { user, location } = renderTwoForms();
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Описание'), 'Сантехник');
    await user.click(screen.getByRole('link', { name: 'Другая страница' }));

    const dialog = await leaveDialog();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog).toHaveAccessibleDescription(LEAVE_UNSAVED_DESCRIPTION);
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    expect(await screen.findByRole('heading', { name: 'Другая страница' })).toBeInTheDocument();
    expect(location().pathname).toBe('/other');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a saved form no longer holds the page; the other one still does until it is saved', async () => {
    const { user, location } = renderTwoForms();
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Описание'), 'Сантехник');
    await user.click(within(form('Имя')).getByRole('button', { name: 'Сохранить' }));

    await user.click(screen.getByRole('link', { name: 'Другая страница' }));
    expect(await leaveDialog()).toHaveAccessibleDescription(ABOUT_LOST);
    await user.click(screen.getByRole('button', { name: 'Отмена' }));

    await user.click(within(form('Описание')).getByRole('button', { name: 'Сохранить' }));
    await user.click(screen.getByRole('link', { name: 'Другая страница' }));
    expect(await screen.findByRole('heading', { name: 'Другая страница' })).toBeInTheDocument();
    expect(location().pathname).toBe('/other');
  });

  it("one form's «Отмена» drops its own edits only: the other form's edits still ask", async () => {
    const { user, location } = renderTwoForms();
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Описание'), 'Сантехник');
    await user.click(within(form('Имя')).getByRole('link', { name: 'Отмена' }));

    expect(await leaveDialog()).toHaveAccessibleDescription(ABOUT_LOST);
    expect(location().pathname).toBe('/page');
  });

  it('still guards when the form whose dialog came first is gone', async () => {
    const { user, location } = renderTwoForms();
    await user.type(field('Описание'), 'Сантехник');
    await user.click(screen.getByRole('button', { name: 'Закрыть описание' }));
    await user.type(field('Имя'), 'Иван');

    await user.click(screen.getByRole('link', { name: 'Другая страница' }));
    expect(await leaveDialog()).toHaveAccessibleDescription(NAME_LOST);
    expect(location().pathname).toBe('/page');
  });

  it('a reload or closing the tab gets the browser prompt when either form has edits', async () => {
    const { user } = renderTwoForms();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(field('Описание'), 'Сантехник');
    expect(unload()).toBe(true);
    await user.click(within(form('Описание')).getByRole('button', { name: 'Сохранить' }));
    expect(unload()).toBe(false);
  });
});

/** A form whose edits stay in its fields once saved; its save may mark it spent. */
function SavedThenLeft({ spend }: { spend: boolean }) {
  const guard = useUnsavedChangesGuard(true);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void guard.releaseDuring(async () => {
            if (spend) guard.spend();
          })
        }
      >
        Сохранить
      </button>
      <LeaveUnsavedDialog blocker={guard.blocker} description={NAME_LOST} />
    </>
  );
}

describe('a form spent by its save', () => {
  async function saveThenStepBack(spend: boolean) {
    const rendered = renderRoutes(
      [
        { path: '/other', Component: () => <Link to="/page">К форме</Link> },
        { path: '/page', Component: () => <SavedThenLeft spend={spend} /> },
      ],
      '/other',
    );
    await user.click(screen.getByRole('link', { name: 'К форме' }));
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    // The save is over (released, then guarded again) before the step Back's popstate comes.
    await rendered.go(-1);
    return rendered;
  }

  it('leaves without a question even when the way on ends after its save (useLeaveSpentPage\'s step Back)', async () => {
    const { location } = await saveThenStepBack(true);
    expect(location().pathname).toBe('/other');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('not spent, its edits still ask once the save is over', async () => {
    const { location } = await saveThenStepBack(false);
    expect(await leaveDialog()).toBeInTheDocument();
    expect(location().pathname).toBe('/page');
  });
});
