import { act, fireEvent, getDefaultNormalizer, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { bus, clearFormFailure } from 'shared';
import { FormFailurePerPage } from './form-failure-per-page';
import { bridgeToasts } from './toast-bridge';
import { ToastHost } from './toast-host';

jest.mock('react-toastify', () => {
  const actual = jest.requireActual('react-toastify');
  const spy = Object.assign(jest.fn((...args: unknown[]) => actual.toast(...args)), actual.toast);
  return { ...actual, toast: spy };
});

/**
 * How a screen reader hears `node`: the politeness of each live region it sits in, innermost
 * first (an element with aria-live, or a live role: alert is assertive, status and log polite).
 * A toast inside two of them is said twice.
 */
function liveRegionsOf(node: Element): string[] {
  const regions: string[] = [];
  for (let element: Element | null = node; element; element = element.parentElement) {
    const live = element.getAttribute('aria-live');
    const role = element.getAttribute('role');
    if (live) regions.push(live);
    else if (role === 'alert') regions.push('assertive');
    else if (role === 'status' || role === 'log') regions.push('polite');
  }
  return regions.filter((politeness) => politeness !== 'off');
}

describe('toast bridge', () => {
  beforeEach(() => (toast as unknown as jest.Mock).mockClear());

  it('shows a toast emitted on the bus; success closes after 2000 ms', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'success', message: 'Черновик сохранён' }));
    expect(await screen.findByText('Черновик сохранён')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith('Черновик сохранён', { type: 'success', autoClose: 2000 });
  });

  it('keeps «№» on the line of its number', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'info', message: 'Новый отклик на заявку № 10104' }));
    // Found as written, the no-break space not read as a plain one.
    expect(await screen.findByText('Новый отклик на заявку №\u00a010104', { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeInTheDocument();
  });

  it('other types close after 5000 ms unless the event says otherwise', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' }));
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith('Ошибка авторизации', { type: 'error', autoClose: 5000, toastId: 'error:Ошибка авторизации', role: 'alert' }));
    act(() => bus.emit('toast:show', { type: 'success', message: 'Сохранено', autoClose: 1500 }));
    expect(toast).toHaveBeenLastCalledWith('Сохранено', { type: 'success', autoClose: 1500 });
  });

  it('an error toast already on screen is not stacked again; other toasts are', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' }));
    expect(await screen.findByText('Ошибка авторизации')).toBeInTheDocument();
    act(() => {
      bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' });
      bus.emit('toast:show', { type: 'info', message: 'Сохранено' });
      bus.emit('toast:show', { type: 'info', message: 'Сохранено' });
    });
    expect(await screen.findAllByText('Сохранено')).toHaveLength(2);
    expect(screen.getAllByText('Ошибка авторизации')).toHaveLength(1);
  });

  it('a toast emitted while react-toastify is still loading waits and shows, in order', async () => {
    render(<ToastHost />);
    // The host listens from its first effect; the view (react-toastify) arrives later.
    act(() => {
      bus.emit('toast:show', { type: 'info', message: 'Первое' });
      bus.emit('toast:show', { type: 'warning', message: 'Второе' });
    });
    expect(await screen.findByText('Второе')).toBeInTheDocument();
    expect(screen.getByText('Первое')).toBeInTheDocument();
    expect((toast as unknown as jest.Mock).mock.calls.map(([message]) => message)).toEqual(['Первое', 'Второе']);
  });

  it('listens from the app’s start: a toast emitted before the host is rendered waits for it, and shows once', async () => {
    const stop = bridgeToasts();
    bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' });
    render(<ToastHost />);
    expect(await screen.findByText('Ошибка авторизации')).toBeInTheDocument();
    // The host's own listening adds no second subscription.
    act(() => bus.emit('toast:show', { type: 'info', message: 'Один раз' }));
    expect(await screen.findAllByText('Один раз')).toHaveLength(1);
    expect((toast as unknown as jest.Mock).mock.calls.map(([message]) => message)).toEqual(['Ошибка авторизации', 'Один раз']);
    stop();
    stop();
  });

  it('stops listening when the host unmounts', async () => {
    const { unmount } = render(<ToastHost />);
    await waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull());
    unmount();
    bus.emit('toast:show', { type: 'info', message: 'Никто не увидит' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast).not.toHaveBeenCalled();
  });

  it('a toast closed from the keyboard (Alt+T, Tab, Enter) hands the focus back to where it was, not to <body>', async () => {
    render(
      <>
        <button type="button">Сохранить</button>
        <ToastHost />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Сохранить' });
    save.focus();
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось сохранить черновик' }));
    const alert = await screen.findByRole('alert');
    // Alt+T puts the focus on the newest toast, Tab on its close button.
    act(() => alert.focus());
    const close = within(alert).getByRole('button', { name: 'Закрыть уведомление' });
    act(() => close.focus());
    act(() => close.click());
    act(() => void fireEvent.animationEnd(alert));
    await waitFor(() => expect(screen.queryByText('Не удалось сохранить черновик')).not.toBeInTheDocument());
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('Escape on a toast reached by Alt+T closes it, the focus back where it was, as its close button does (QA FFF-5)', async () => {
    render(
      <>
        <button type="button">Сохранить</button>
        <ToastHost />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Сохранить' });
    save.focus();
    act(() => bus.emit('toast:show', { type: 'success', message: 'Данные сохранены' }));
    const shown = (await screen.findByText('Данные сохранены')).closest<HTMLElement>('.Toastify__toast')!;
    act(() => shown.focus());
    act(() => void fireEvent.keyDown(shown, { key: 'Escape', code: 'Escape' }));
    act(() => void fireEvent.animationEnd(shown));
    await waitFor(() => expect(screen.queryByText('Данные сохранены')).not.toBeInTheDocument());
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('Alt+T holds the toasts even while the newest is still coming in (its entering animation ending starts no timer)', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось сохранить черновик' }));
    const alert = await screen.findByRole('alert');
    const timer = () => alert.querySelector<HTMLElement>('[role="progressbar"]')!.style.animationPlayState;
    act(() => void fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' }));
    expect(alert).toHaveFocus();
    expect(timer()).toBe('paused');
    // The entering animation ends after the keyboard came.
    act(() => void fireEvent.animationEnd(alert));
    expect(timer()).toBe('paused');
    // Away from the toasts, a toast that enters runs as the library has it.
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => bus.emit('toast:show', { type: 'info', message: 'Профиль переключён' }));
    const info = (await screen.findByText('Профиль переключён')).closest<HTMLElement>('.Toastify__toast')!;
    act(() => void fireEvent.animationEnd(info));
    expect(info.querySelector<HTMLElement>('[role="progressbar"]')!.style.animationPlayState).toBe('running');
  });

  describe('a toast under the pointer', () => {
    const original = window.matchMedia;
    const pointer = (canHover: boolean) => {
      window.matchMedia = jest.fn((query: string) => ({ matches: query === '(hover: hover)' && canHover, media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() })) as unknown as typeof window.matchMedia;
    };
    afterEach(() => (window.matchMedia = original));
    const hovered = async () => {
      render(<ToastHost />);
      act(() => bus.emit('toast:show', { type: 'success', message: 'Реквизиты добавлены' }));
      const shown = (await screen.findByText('Реквизиты добавлены')).closest<HTMLElement>('.Toastify__toast')!;
      act(() => void fireEvent.animationEnd(shown));
      act(() => void fireEvent.mouseEnter(shown));
      return shown.querySelector<HTMLElement>('[role="progressbar"]')!.style.animationPlayState;
    };

    it('waits under a mouse, to be read', async () => {
      pointer(true);
      expect(await hovered()).toBe('paused');
    });

    it('runs out under a finger: the «hover» a tap leaves behind would hold it until the next tap elsewhere', async () => {
      pointer(false);
      expect(await hovered()).toBe('running');
    });
  });

  it("a timer's end the browser reports while the timer still runs does not close the toast; its real end does", async () => {
    // A loaded Chromium delivered the progress bar's animationend 0.1–2 s into an error toast's 5 s
    // while the bar's own animation was still running (seen in CI-like e2e runs): the toast closed early.
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось отправить сообщение' }));
    const alert = await screen.findByRole('alert');
    act(() => void fireEvent.animationEnd(alert));
    const bar = alert.querySelector<HTMLElement>('[role="progressbar"]')!;
    expect(bar.style.animationPlayState).toBe('running');
    let runOut = () => {};
    const timer = { playState: 'running', finished: new Promise<void>((resolve) => (runOut = resolve)) };
    Object.assign(bar, { getAnimations: () => [timer] });
    act(() => void fireEvent.animationEnd(bar));
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось отправить сообщение');
    // The timer runs out: the toast goes as the library has it.
    timer.playState = 'finished';
    await act(async () => runOut());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('the same error again while its toast is still up is said again and timed afresh, not stacked', async () => {
    // QA (s60-ui): a retry that failed the same way while the first toast was up was neither said
    // nor re-timed; the old toast went a second later, and a screen reader heard nothing.
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось загрузить файл' }));
    const alert = await screen.findByRole('alert');
    act(() => void fireEvent.animationEnd(alert));
    const timer = alert.querySelector('.Toastify__progress-bar');
    expect(timer).not.toBeNull();
    // What is added to the alert is what a screen reader says.
    const added: string[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach((node) => added.push(node.textContent ?? ''))));
    observer.observe(document.body, { childList: true, subtree: true });

    // Failures that come together (every call in flight at a session's end) are said once.
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось загрузить файл' }));
    expect(added).not.toContain('Не удалось загрузить файл');

    // A retry, seconds later, that failed the same way.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 3000);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось загрузить файл' }));
    clock.mockRestore();
    // One toast still, its words said again…
    await waitFor(() => expect(added).toContain('Не удалось загрузить файл'));
    observer.disconnect();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByText('Не удалось загрузить файл')).toHaveLength(1);
    expect(liveRegionsOf(within(screen.getByRole('alert')).getByText('Не удалось загрузить файл'))).toEqual(['assertive']);
    // …and its time started again: a new timer, running.
    const again = screen.getByRole('alert').querySelector<HTMLElement>('.Toastify__progress-bar')!;
    expect(again).not.toBe(timer);
    expect(again.style.animationPlayState).toBe('running');
    expect(again.style.animationDuration).toBe('5000ms');
  });

  it('each toast is said once, through the one live region: an error at once, the others when the reader is free', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось сохранить' }));
    expect(liveRegionsOf(await screen.findByText('Не удалось сохранить'))).toEqual(['assertive']);
    act(() => bus.emit('toast:show', { type: 'success', message: 'Данные сохранены' }));
    expect(liveRegionsOf(await screen.findByText('Данные сохранены'))).toEqual(['polite']);
    act(() => bus.emit('toast:show', { type: 'info', message: 'Профиль переключён' }));
    expect(liveRegionsOf(await screen.findByText('Профиль переключён'))).toEqual(['polite']);
    expect(screen.getByRole('region', { name: 'Уведомления (Alt+T)' })).toContainElement(screen.getByText('Профиль переключён'));
  });

  describe('a silent toast (a form\'s failure, said by the form\'s own alert): shown, said by no live region', () => {
    /** Records what is added to the page from now on: what a live region it lands in says. */
    function recordAdded() {
      const added: Element[] = [];
      const observer = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach((node) => added.push(node instanceof Element ? node : node.parentElement!))));
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      const said = (text: string) => added.filter((node) => node.isConnected && node.textContent?.includes(text) && liveRegionsOf(node).length > 0);
      return { said, stop: () => observer.disconnect() };
    }

    it('is in the toasts\' region, no alert, and a retry that fails the same way is timed afresh, still unsaid', async () => {
      render(<ToastHost />);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Неверный телефон или пароль', silent: true }));
      const text = await screen.findByText('Неверный телефон или пароль');
      expect(screen.getByRole('region', { name: 'Уведомления (Alt+T)' })).toContainElement(text);
      expect(text.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
      expect(liveRegionsOf(text)).toEqual([]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      const toastOf = () => screen.getByText('Неверный телефон или пароль').closest<HTMLElement>('.Toastify__toast')!;
      act(() => void fireEvent.animationEnd(toastOf()));
      const timer = toastOf().querySelector('.Toastify__progress-bar');
      expect(timer).not.toBeNull();

      const added = recordAdded();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 3000);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Неверный телефон или пароль', silent: true }));
      clock.mockRestore();
      await waitFor(() => expect(toastOf().querySelector('.Toastify__progress-bar')).not.toBe(timer));
      expect(toastOf().querySelector<HTMLElement>('.Toastify__progress-bar')!.style.animationPlayState).toBe('running');
      added.stop();
      expect(screen.getAllByText('Неверный телефон или пароль')).toHaveLength(1);
      expect(added.said('Неверный телефон или пароль')).toEqual([]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('adds nothing to an announced toast of the same words; an announced one takes a silent one\'s place, and is said', async () => {
      render(<ToastHost />);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации' }));
      const alert = await screen.findByRole('alert');
      const added = recordAdded();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 3000);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Ошибка авторизации', silent: true }));
      clock.mockRestore();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      added.stop();
      expect(added.said('Ошибка авторизации')).toEqual([]);
      expect(screen.getAllByText('Ошибка авторизации')).toHaveLength(1);
      expect(screen.getByRole('alert')).toBe(alert);

      act(() => bus.emit('toast:show', { type: 'error', message: 'Сервер недоступен', silent: true }));
      const silent = await screen.findByText('Сервер недоступен');
      expect(liveRegionsOf(silent)).toEqual([]);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Сервер недоступен' }));
      await waitFor(() => expect(screen.getAllByRole('alert').filter((node) => node.textContent?.includes('Сервер недоступен'))).toHaveLength(1));
      // jsdom plays no animations: the silent one's exit ends by hand.
      act(() => void fireEvent.animationEnd(silent.closest('.Toastify__toast')!));
      await waitFor(() => expect(screen.getAllByText('Сервер недоступен')).toHaveLength(1));
      expect(liveRegionsOf(screen.getByText('Сервер недоступен'))).toEqual(['assertive']);
    });
  });

  // QA MM-1: a form's silent toasts were told apart by their words only: «осталось попыток: 4» and
  // «…: 3» stacked, and a failure stayed up beside the success after it (a login, «Договор подписан»).
  describe('a form\'s failure: one toast at a time, gone once it is over', () => {
    const failure = (message: string) => act(() => void bus.emit('toast:show', { type: 'error', message, silent: true }));
    const errorToasts = () => document.querySelectorAll('.Toastify__toast--error');
    /** The toast of `text` has gone (jsdom plays no animations: its exit ends by hand). */
    async function gone(text: string) {
      const shown = screen.queryByText(text)?.closest('.Toastify__toast');
      if (shown) act(() => void fireEvent.animationEnd(shown));
      await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    }

    it('a new failure takes the place of the one before, whatever its words, still said by no live region', async () => {
      render(<ToastHost />);
      failure('Неверный код, осталось попыток: 4');
      await screen.findByText('Неверный код, осталось попыток: 4');
      failure('Неверный код, осталось попыток: 3');
      await screen.findByText('Неверный код, осталось попыток: 3');
      await gone('Неверный код, осталось попыток: 4');
      expect(errorToasts()).toHaveLength(1);
      expect(liveRegionsOf(screen.getByText('Неверный код, осталось попыток: 3'))).toEqual([]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // Announced, the same words take its place; an announced one up already is not doubled.
      const silent = screen.getByText('Неверный код, осталось попыток: 3').closest('.Toastify__toast')!;
      act(() => bus.emit('toast:show', { type: 'error', message: 'Неверный код, осталось попыток: 3' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Неверный код, осталось попыток: 3');
      act(() => void fireEvent.animationEnd(silent));
      await waitFor(() => expect(screen.getAllByText('Неверный код, осталось попыток: 3')).toHaveLength(1));
      failure('Неверный код, осталось попыток: 3');
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getAllByText('Неверный код, осталось попыток: 3')).toHaveLength(1);
    });

    it('a success toast ends it', async () => {
      render(<ToastHost />);
      failure('Неверный код, осталось попыток: 4');
      await screen.findByText('Неверный код, осталось попыток: 4');
      act(() => bus.emit('toast:show', { type: 'success', message: 'Договор подписан' }));
      expect(await screen.findByText('Договор подписан')).toBeInTheDocument();
      await gone('Неверный код, осталось попыток: 4');
    });

    it('a success toast ends an announced error before it too: a save with no answer, sent again (QA AAZ-1)', async () => {
      render(<ToastHost />);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Ответ сервера не получен: отправьте форму ещё раз' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Ответ сервера не получен');
      act(() => bus.emit('toast:show', { type: 'success', message: 'Объект создан' }));
      expect(await screen.findByText('Объект создан')).toBeInTheDocument();
      await gone('Ответ сервера не получен: отправьте форму ещё раз');
      // The same error again is shown again, not taken for one already on screen.
      act(() => bus.emit('toast:show', { type: 'error', message: 'Ответ сервера не получен: отправьте форму ещё раз' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Ответ сервера не получен');
    });

    it('a sign-in ends it (the login dialog on «/» closes with no toast), and so does the form\'s word', async () => {
      render(<ToastHost />);
      failure('Неверный телефон или пароль');
      await screen.findByText('Неверный телефон или пароль');
      act(() => bus.emit('auth:logged-in', { userId: 1 }));
      await gone('Неверный телефон или пароль');

      failure('Неверный код, осталось попыток: 4');
      await screen.findByText('Неверный код, осталось попыток: 4');
      act(() => clearFormFailure());
      await gone('Неверный код, осталось попыток: 4');
    });

    it('another page ends it; the same page with another search does not', async () => {
      const router = createMemoryRouter([{ path: '*', Component: FormFailurePerPage }], { initialEntries: ['/lk/application/detail/63'] });
      render(
        <>
          <RouterProvider router={router} />
          <ToastHost />
        </>,
      );
      failure('Неверный код, осталось попыток: 4');
      await screen.findByText('Неверный код, осталось попыток: 4');
      await act(() => router.navigate('/lk/application/detail/63?dialog=sign'));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getByText('Неверный код, осталось попыток: 4')).toBeInTheDocument();
      await act(() => router.navigate('/application'));
      await gone('Неверный код, осталось попыток: 4');
    });

    it('an announced error is no form\'s failure: a sign-in leaves it', async () => {
      render(<ToastHost />);
      act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось загрузить файл' }));
      const alert = await screen.findByRole('alert');
      act(() => bus.emit('auth:logged-in', { userId: 1 }));
      act(() => bus.emit('toast:show', { type: 'success', message: 'Сохранено' }));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(alert).toBeInTheDocument();
      expect(alert).toHaveTextContent('Не удалось загрузить файл');
    });
  });

  it('speaks Russian to screen readers: the toasts\' region and each close button, which closes its toast', async () => {
    render(<ToastHost />);
    act(() => bus.emit('toast:show', { type: 'error', message: 'Не удалось сохранить' }));
    const region = await screen.findByRole('region', { name: 'Уведомления (Alt+T)' });
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось сохранить');
    // The timer's bar («notification timer») is hidden from them; the toast still closes on time.
    expect(within(alert).queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => within(alert).getByRole('button', { name: 'Закрыть уведомление' }).click());
    // jsdom plays no animations: the exit's end is dispatched by hand.
    act(() => void fireEvent.animationEnd(alert));
    await waitFor(() => expect(screen.queryByText('Не удалось сохранить')).not.toBeInTheDocument());
  });
});
