import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, formatDayLabel, SLOW_ANSWER_TEXT, SLOW_READ_MS } from 'shared';
import { setUpPageTests } from 'shared/testing';
import { LIVE_LOST_NOTICE_MS } from './hooks/use-live-lost';
import { TEXTS } from './lib/texts';
import { actAs, conversation, CUSTOMER, dayAt, fromCustomer, fromMe, gate, serveMessaging, serverState } from './testing/fake-server';
import { renderMessages } from './testing/render-page';

jest.setTimeout(20_000);
setUpPageTests(() => actAs());
// Drafts are kept for the tab's session: each test opens a new one.
beforeEach(() => sessionStorage.clear());

const list = () => screen.getByRole('navigation', { name: 'Диалоги' });
const log = () => screen.getByRole('log');
/** What the page's statuses say (empty ones left out). */
const found = () => screen.getAllByRole('status').map((el) => el.textContent).filter(Boolean);

describe('the conversation list', () => {
  it('a list whose read hangs says after SLOW_READ_MS that the server is slow, over its skeleton (QA DDD-1)', async () => {
    jest.useFakeTimers();
    try {
      serveMessaging(serverState([conversation()]), { 'GET messaging/get-collection': () => new Promise<never>(() => {}) });
      renderMessages();
      await act(() => jest.advanceTimersByTimeAsync(SLOW_READ_MS - 1));
      expect(screen.queryByText(SLOW_ANSWER_TEXT)).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(within(list()).getByText(SLOW_ANSWER_TEXT)).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows each conversation: interlocutor, application, last message and unread count; «Показать ещё» loads the next page', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      conversation({ id: 100 + i, interlocutor: { id: 200 + i, name: `Заказчик ${i + 1}`, type: 'customer' }, unread: i === 0 ? 2 : 0, lastMessage: { text: `Сообщение ${i + 1}`, createdAt: dayAt(i, 10) } }),
    );
    serveMessaging(serverState(many));
    renderMessages();
    const user = userEvent.setup();

    const first = await within(list()).findByRole('link', { name: /Заказчик 1\b/ });
    expect(first).toHaveAttribute('href', '/lk/message?messagingId=100');
    expect(first).toHaveTextContent('Заявка № 1007 · Замена электропроводки');
    expect(first).toHaveTextContent('Сообщение 1');
    expect(first).toHaveTextContent(', непрочитанных: 2');
    expect(within(list()).getAllByRole('link')).toHaveLength(20);
    // Nothing is open: on a phone only the list shows.
    expect(screen.getByText(TEXTS.chooseConversation)).toBeInTheDocument();

    await user.click(within(list()).getByRole('button', { name: 'Показать ещё' }));
    expect(await within(list()).findByRole('link', { name: /Заказчик 23/ })).toBeInTheDocument();
    expect(within(list()).getAllByRole('link')).toHaveLength(23);
    expect(within(list()).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('a next page that fails keeps the conversations shown: «Показать ещё» says so, keeps the focus and asks again', async () => {
    const many = Array.from({ length: 23 }, (_, i) => conversation({ id: 100 + i, interlocutor: { id: 200 + i, name: `Заказчик ${i + 1}`, type: 'customer' } }));
    let fail = true;
    serveMessaging(serverState(many), {
      'GET messaging/get-collection': (url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        if (page > 1 && fail) return { status: 500, body: { message: 'Сервер устал', code: 'e500' } };
        return { body: { data: { items: many.slice((page - 1) * 20, page * 20), total: many.length, page, limit: 20, unread: 0 } } };
      },
    });
    renderMessages();
    const user = userEvent.setup();
    await within(list()).findByRole('link', { name: /Заказчик 1\b/ });
    const more = within(list()).getByRole('button', { name: 'Показать ещё' });

    more.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить ещё диалоги. Сервер устал');
    expect(within(list()).getAllByRole('link')).toHaveLength(20);
    expect(screen.queryByText(TEXTS.listError)).not.toBeInTheDocument();
    expect(more).toHaveFocus();

    fail = false;
    await user.keyboard('{Enter}');
    expect(await within(list()).findByRole('link', { name: /Заказчик 23/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a link names a long last message by its beginning, not whole (a screen reader reads it on each focus)', async () => {
    const long = `Добрый день! ${'Очень подробное описание работ. '.repeat(120)}`;
    const emoji = '😀'.repeat(300);
    serveMessaging(
      serverState([
        conversation({ lastMessage: { text: long, createdAt: dayAt(0, 9) } }),
        conversation({ id: 6, interlocutor: { id: 4, name: 'Пётр Другой', type: 'customer' }, lastMessage: { text: emoji, createdAt: dayAt(0, 8) } }),
      ]),
    );
    renderMessages();
    const link = await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) });
    const preview = link.querySelector('.msg-item__last')!.textContent!;
    expect(preview.startsWith('Добрый день! Очень подробное')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(Array.from(preview).length).toBeLessThanOrEqual(100);
    expect(link.textContent!.length).toBeLessThan(200);
    // Cut between characters, never inside one.
    const emojiPreview = within(list()).getByRole('link', { name: /Пётр Другой/ }).querySelector('.msg-item__last')!.textContent!;
    expect(emojiPreview).toBe(`${'😀'.repeat(99)}…`);
  });

  it('explains how a conversation starts when there is none', async () => {
    serveMessaging(serverState());
    renderMessages();
    expect(await screen.findByText(TEXTS.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(/Диалог появляется, когда вы пишете по заявке: исполнитель — заказчику опубликованной заявки/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Каталог заявок' })).toHaveAttribute('href', '/application');
  });

  it('a failed list says so and «Повторить» asks again', async () => {
    let fail = true;
    serveMessaging(serverState([conversation()], { 5: [] }), {
      'GET messaging/get-collection': () => (fail ? { status: 500 } : { body: { data: { items: [conversation()], total: 1, page: 1, limit: 20, unread: 0 } } }),
    });
    renderMessages();
    const user = userEvent.setup();
    expect(await screen.findByText(TEXTS.listError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) })).toBeInTheDocument();
  });

  it('the list\'s «Повторить» keeps the focus while it asks again (busy), and the list it loads takes it over (not <body>)', async () => {
    let fail = true;
    const held = gate();
    serveMessaging(serverState([conversation()], { 5: [] }), {
      'GET messaging/get-collection': async () => {
        if (fail) return { status: 500 };
        await held.passed;
        return { body: { data: { items: [conversation()], total: 1, page: 1, limit: 20, unread: 0 } } };
      },
    });
    renderMessages();
    const user = userEvent.setup();
    await screen.findByText(TEXTS.listError);
    fail = false;
    const retry = screen.getByRole('button', { name: 'Повторить' });
    retry.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(retry).toHaveAttribute('aria-busy', 'true'));
    expect(retry).toHaveFocus();
    act(() => held.open());
    expect(await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) })).toBeInTheDocument();
    await waitFor(() => expect(list()).toHaveFocus());
  });
});

describe('a conversation', () => {
  it('a thread whose messages hang says after SLOW_READ_MS that the server is slow (QA DDD-1)', async () => {
    jest.useFakeTimers();
    try {
      serveMessaging(serverState([conversation()], { 5: [] }), {}, { beforeMessages: () => new Promise<never>(() => {}) });
      renderMessages('?messagingId=5');
      expect(await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) })).toBeInTheDocument();
      expect(screen.getByText('Загружаем переписку…')).toBeInTheDocument();
      // (Finding the list took some of the wait.)
      await act(() => jest.advanceTimersByTimeAsync(SLOW_READ_MS));
      expect(screen.getByText(SLOW_ANSWER_TEXT)).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens from the list (aria-current), reads oldest first under «Сегодня», «Вчера» and older dates, with ✓/✓✓ on own messages', async () => {
    const older = dayAt(40, 9, 15);
    serveMessaging(
      serverState([conversation()], {
        5: [
          fromCustomer({ id: 1, text: 'Когда сможете приехать?', createdAt: older, read: true }),
          fromMe({ id: 2, text: 'В субботу утром', createdAt: dayAt(1, 18, 5), read: true }),
          fromCustomer({ id: 3, text: 'Договорились', createdAt: dayAt(0, 8, 30), read: true }),
          fromMe({ id: 4, text: 'Беру инструмент', createdAt: dayAt(0, 8, 45), read: false }),
        ],
      }),
    );
    renderMessages();
    const user = userEvent.setup();
    const link = await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) });
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 2, name: CUSTOMER.name })).toHaveFocus();
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Замена электропроводки' })).toHaveAttribute('href', '/lk/application/detail/7');
    const thread = await screen.findByRole('log', { name: `Переписка: ${CUSTOMER.name}` });
    // Not a live region itself: what a screen reader hears is said apart (older pages are not news).
    expect(thread).toHaveAttribute('aria-live', 'off');
    await within(thread).findByText('Беру инструмент');
    const texts = [...thread.querySelectorAll('.msg-day__label, .msg-bubble__text')].map((el) => el.textContent);
    expect(texts).toEqual([formatDayLabel(older), 'Когда сможете приехать?', 'Вчера', 'В субботу утром', 'Сегодня', 'Договорились', 'Беру инструмент']);
    expect(formatDayLabel(older)).toMatch(/^\d{1,2} [а-я]+( \d{4})?$/);

    const own = (text: string) => within(thread).getByText(text).closest('.msg-bubble') as HTMLElement;
    expect(within(own('В субботу утром')).getByText('Прочитано')).toBeInTheDocument();
    expect(within(own('Беру инструмент')).getByText('Отправлено')).toBeInTheDocument();
    expect(within(own('Договорились')).queryByText(/Прочитано|Отправлено/)).not.toBeInTheDocument();
  });

  it("an organisation's members write as one profile: each message of theirs names its writer, the reader's own «Вы»", async () => {
    // The viewer (user 1) is a member of the organisation ME; another member (user 8) wrote too.
    // On the other side, an organisation's employee.
    serveMessaging(
      serverState([conversation()], {
        5: [
          fromCustomer({ id: 1, text: 'Кто приедет?', writer: { id: 30, name: 'Пётр Снабженцев' } }),
          fromMe({ id: 2, text: 'Я приеду', writer: { id: 1, name: 'Семён Мастеров' } }),
          fromMe({ id: 3, text: 'И я с ним', writer: { id: 8, name: 'Анна Бригадирова' } }),
          fromMe({ id: 4, text: 'Без подписи', writer: null }),
        ],
      }),
    );
    renderMessages('?messagingId=5');
    const thread = await screen.findByRole('log');
    await within(thread).findByText('Без подписи');
    const bubble = (text: string) => within(thread).getByText(text).closest('.msg-bubble') as HTMLElement;
    const writerShown = (text: string) => bubble(text).querySelector('.msg-bubble__writer')?.textContent ?? null;
    expect(bubble('Кто приедет?')).toHaveTextContent(`${CUSTOMER.name}, Пётр Снабженцев:`);
    expect(writerShown('Кто приедет?')).toBe('Пётр Снабженцев');
    expect(bubble('Я приеду')).toHaveTextContent(/^Вы:/);
    expect(writerShown('Я приеду')).toBeNull();
    expect(bubble('И я с ним')).toHaveTextContent(/^Анна Бригадирова:/);
    expect(writerShown('И я с ним')).toBe('Анна Бригадирова');
    expect(bubble('Без подписи')).toHaveTextContent(/^Вы:/);
  });

  it('a web address in a message is a link that opens in a new tab; other words, and a file, are as before', async () => {
    serveMessaging(
      serverState([conversation()], {
        5: [
          fromCustomer({
            id: 1,
            text: 'Смета: https://disk.yandex.ru/d/AbC123. javascript:alert(1)',
            createdAt: dayAt(0, 9, 0),
            read: true,
            documents: [{ id: 30, name: 'Смета.pdf', sizeBytes: 2048 }],
          }),
        ],
      }),
    );
    renderMessages();
    const user = userEvent.setup();
    await user.click(await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) }));
    const thread = await screen.findByRole('log', { name: `Переписка: ${CUSTOMER.name}` });

    const link = await within(thread).findByRole('link', { name: 'https://disk.yandex.ru/d/AbC123' });
    expect(link).toHaveAttribute('href', 'https://disk.yandex.ru/d/AbC123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(thread).getAllByRole('link')).toHaveLength(1);
    expect(thread.querySelector('.msg-bubble__text')).toHaveTextContent('Смета: https://disk.yandex.ru/d/AbC123. javascript:alert(1)');
    // The file's icon is drawn, not an emoji, and is not read out.
    const file = within(thread).getByRole('button', { name: /^Скачать «Смета\.pdf»/ });
    expect(file.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(file).not.toHaveTextContent('📄');
  });

  it('marks the conversation read when it opens with unread messages, and the count goes', async () => {
    const state = serverState([conversation({ unread: 1 })], { 5: [fromCustomer({ id: 1, text: 'Вы здесь?', createdAt: dayAt(0, 9) })] });
    const api = serveMessaging(state);
    renderMessages('?messagingId=5');

    expect(await screen.findByText('Вы здесь?')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST message/read').map((c) => c.body)).toEqual([{ messagingId: 5 }]));
    await waitFor(() => expect(within(list()).getByRole('link', { name: new RegExp(CUSTOMER.name) })).not.toHaveTextContent('непрочитанных'));
  });

  it('appends a message from the bus live, marks it read, and turns own messages ✓✓ on message:read', async () => {
    const state = serverState([conversation()], { 5: [fromMe({ id: 1, text: 'Смету прислать?', createdAt: new Date(Date.now() - 60_000).toISOString(), read: false })] });
    const api = serveMessaging(state);
    renderMessages('?messagingId=5');
    const mine = (await screen.findByText('Смету прислать?')).closest('.msg-bubble') as HTMLElement;
    expect(within(mine).getByText('Отправлено')).toBeInTheDocument();

    act(() => bus.emit('message:read', { messagingId: 5, readerProfileId: CUSTOMER.id, at: new Date().toISOString() }));
    expect(await within(mine).findByText('Прочитано')).toBeInTheDocument();

    const live = fromCustomer({ id: 2, messagingId: 5, text: 'Да, пришлите', createdAt: new Date().toISOString() });
    state.messages.get(5)!.push(live);
    state.conversations[0] = { ...state.conversations[0]!, unread: 1 };
    act(() => bus.emit('message:received', { message: live }));
    expect(await within(log()).findByText('Да, пришлите')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST message/read')).toHaveLength(1));
    // A message for another conversation leaves this thread alone.
    act(() => bus.emit('message:received', { message: fromCustomer({ id: 3, messagingId: 77, text: 'Чужой диалог' }) }));
    expect(within(log()).queryByText('Чужой диалог')).not.toBeInTheDocument();
  });

  it('a message sent as the page opened, before its socket was bound, is fetched on the first connect', async () => {
    const state = serverState([conversation()], { 5: [fromCustomer({ id: 10, text: 'При открытии', createdAt: dayAt(0, 9), read: true })] });
    const api = serveMessaging(state);
    renderMessages('?messagingId=5');
    await screen.findByText('При открытии');

    state.messages.get(5)!.push(fromCustomer({ id: 11, text: 'Пока сокет подключался', createdAt: dayAt(0, 10), read: true }));
    act(() => bus.emit('socket:status', { connected: true }));

    expect(await within(log()).findByText('Пока сокет подключался')).toBeInTheDocument();
    expect(api.callsTo('GET message/get-collection').some((c) => c.query.get('afterId') === '10')).toBe(true);
  });

  it('after a reconnect fetches what came after the newest message held (afterId)', async () => {
    const state = serverState([conversation()], { 5: [fromCustomer({ id: 10, text: 'До обрыва', createdAt: dayAt(0, 9), read: true })] });
    const api = serveMessaging(state);
    renderMessages('?messagingId=5');
    await screen.findByText('До обрыва');

    act(() => bus.emit('socket:status', { connected: false }));
    state.messages.get(5)!.push(fromCustomer({ id: 11, text: 'Пока вас не было', createdAt: dayAt(0, 10), read: true }));
    act(() => bus.emit('socket:status', { connected: true }));

    expect(await within(log()).findByText('Пока вас не было')).toBeInTheDocument();
    expect(api.callsTo('GET message/get-collection').some((c) => c.query.get('afterId') === '10')).toBe(true);
  });

  it('a connection lost for a while is said (nothing arrives meanwhile), and the words go once it is back; a moment’s reconnect says nothing', async () => {
    const state = serverState([conversation()], { 5: [fromCustomer({ id: 10, text: 'До обрыва', createdAt: dayAt(0, 9), read: true })] });
    serveMessaging(state);
    renderMessages('?messagingId=5');
    await screen.findByText('До обрыва');
    const note = () => screen.getAllByRole('status').find((el) => el.classList.contains('msg-live'))!;
    expect(note()).toBeEmptyDOMElement();

    // Renewed with a new token: down and up again at once.
    act(() => bus.emit('socket:status', { connected: false }));
    act(() => bus.emit('socket:status', { connected: true }));
    await act(() => new Promise((resolve) => setTimeout(resolve, LIVE_LOST_NOTICE_MS + 200)));
    expect(note()).toBeEmptyDOMElement();

    act(() => bus.emit('socket:status', { connected: false }));
    await waitFor(() => expect(note()).toHaveTextContent(TEXTS.liveLost), { timeout: LIVE_LOST_NOTICE_MS + 1000 });
    state.messages.get(5)!.push(fromCustomer({ id: 11, text: 'Пока вас не было', createdAt: dayAt(0, 10), read: true }));
    act(() => bus.emit('socket:status', { connected: true }));
    expect(note()).toBeEmptyDOMElement();
    expect(await within(log()).findByText('Пока вас не было')).toBeInTheDocument();
  });

  it('the browser offline for a while is said too, until it is online again', async () => {
    serveMessaging(serverState([conversation()], { 5: [fromCustomer({ id: 10, text: 'До обрыва', createdAt: dayAt(0, 9), read: true })] }));
    renderMessages('?messagingId=5');
    await screen.findByText('До обрыва');
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(await screen.findByText(TEXTS.liveLost, {}, { timeout: LIVE_LOST_NOTICE_MS + 1000 })).toBeInTheDocument();
    } finally {
      onLine.mockRestore();
      act(() => void window.dispatchEvent(new Event('online')));
    }
    expect(screen.queryByText(TEXTS.liveLost)).not.toBeInTheDocument();
  });

  it('searches the conversation and filters it by period, with a state for no result', async () => {
    const api = serveMessaging(
      serverState([conversation()], {
        5: [
          fromCustomer({ id: 1, text: 'Нужна смета на материалы', createdAt: '2026-03-10T09:00:00.000Z', read: true }),
          fromMe({ id: 2, text: 'Пришлю вечером', createdAt: '2026-03-12T09:00:00.000Z', read: true }),
        ],
      }),
    );
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Пришлю вечером');

    await user.click(screen.getByRole('button', { name: 'Поиск по переписке' }));
    const search = screen.getByRole('search', { name: 'Поиск по переписке' });
    await user.type(within(search).getByRole('searchbox', { name: 'Текст или имя файла' }), 'смета');
    await waitFor(() => expect(within(log()).queryByText('Пришлю вечером')).not.toBeInTheDocument());
    expect(within(log()).getByText('Нужна смета на материалы')).toBeInTheDocument();
    // Said to a screen reader: the log showing the result is a new one, which says nothing itself.
    expect(found()).toEqual(['Найдено: 1 сообщение']);

    await user.type(within(search).getByLabelText('Дата с'), '11032026');
    expect(await within(log()).findByText(TEXTS.nothingFound)).toBeInTheDocument();
    expect(found()).toEqual([TEXTS.nothingFound]);
    const asked = api.callsTo('GET message/get-collection').at(-1)!;
    // A period goes with the reader's zone (the runtime's: the thread's days are its days).
    expect(Object.fromEntries(asked.query)).toEqual({ messagingId: '5', query: 'смета', from: '2026-03-11', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, page: '1' });

    await user.click(within(log()).getByRole('button', { name: 'Сбросить поиск' }));
    expect(await within(log()).findByText('Пришлю вечером')).toBeInTheDocument();
    await waitFor(() => expect(found()).toEqual([]));
    expect(within(search).getByRole('searchbox', { name: 'Текст или имя файла' })).toHaveValue('');
    // The button is gone with the filter: the focus goes to the field, for another query.
    expect(within(search).getByRole('searchbox', { name: 'Текст или имя файла' })).toHaveFocus();
    expect(within(search).getByLabelText('Дата с')).toHaveValue('');

    // A period the wrong way round is said at the field and not sent.
    await user.type(within(search).getByLabelText('Дата с'), '11032026');
    await user.type(within(search).getByLabelText('Дата по'), '01032026');
    expect(within(search).getByText('Дата «с» не может быть позже даты «по»')).toBeInTheDocument();
    expect(api.callsTo('GET message/get-collection').some((c) => c.query.get('to') === '2026-03-01')).toBe(false);

    // The panel's own «Сбросить поиск», by keyboard: the same.
    within(search).getByRole('button', { name: 'Сбросить поиск' }).focus();
    await user.keyboard('{Enter}');
    expect(within(search).queryByRole('button', { name: 'Сбросить поиск' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(search).getByRole('searchbox', { name: 'Текст или имя файла' })).toHaveFocus());
  });

  it('a message sent while a search is on is shown: the search is cleared, the field keeps the focus', async () => {
    serveMessaging(
      serverState([conversation()], {
        5: [
          fromCustomer({ id: 1, text: 'Нужна смета на материалы', createdAt: dayAt(0, 8), read: true }),
          fromMe({ id: 2, text: 'Пришлю вечером', createdAt: dayAt(0, 9), read: true }),
        ],
      }),
    );
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Пришлю вечером');
    await user.click(screen.getByRole('button', { name: 'Поиск по переписке' }));
    const search = screen.getByRole('search', { name: 'Поиск по переписке' });
    await user.type(within(search).getByRole('searchbox', { name: 'Текст или имя файла' }), 'смета');
    await waitFor(() => expect(within(log()).queryByText('Пришлю вечером')).not.toBeInTheDocument());

    const field = screen.getByRole('textbox', { name: 'Сообщение' });
    await user.type(field, 'Смету пришлю завтра{Enter}');
    expect(await within(log()).findByText('Смету пришлю завтра')).toBeInTheDocument();
    expect(within(log()).getByText('Пришлю вечером')).toBeInTheDocument();
    expect(within(search).getByRole('searchbox', { name: 'Текст или имя файла' })).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('asks for a period in the reader’s zone, so its days are the days the thread shows; a search without one names no zone', async () => {
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Pacific/Kiritimati' };
    });
    try {
      const api = serveMessaging(serverState([conversation()], { 5: [fromCustomer({ id: 1, text: 'Смета готова', createdAt: dayAt(0, 9), read: true })] }));
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Смета готова');
      await user.click(screen.getByRole('button', { name: 'Поиск по переписке' }));
      const search = screen.getByRole('search', { name: 'Поиск по переписке' });
      const lastAsked = () => Object.fromEntries(api.callsTo('GET message/get-collection').at(-1)!.query);

      await user.type(within(search).getByRole('searchbox', { name: 'Текст или имя файла' }), 'смета');
      await waitFor(() => expect(lastAsked()).toEqual({ messagingId: '5', query: 'смета', page: '1' }));

      await user.type(within(search).getByLabelText('Дата с'), '01122026');
      await user.type(within(search).getByLabelText('Дата по'), '01122026');
      await waitFor(() =>
        expect(lastAsked()).toEqual({ messagingId: '5', query: 'смета', from: '2026-12-01', to: '2026-12-01', timeZone: 'Pacific/Kiritimati', page: '1' }),
      );
    } finally {
      zone.mockRestore();
    }
  });

  describe('«Показать более ранние» by keyboard', () => {
    // The loading button keeps the focus (aria-busy): the browser drops it to <body> only when the
    // button goes after the last page, as jsdom does for a removed element.
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => fromCustomer({ id: i + 1, text: `Сообщение ${i + 1}`, createdAt: dayAt(1, 8, i), read: true }));

    it('the list\'s «Показать ещё» after its last page gives the focus to the first conversation loaded, not to <body>', async () => {
      const many = Array.from({ length: 23 }, (_, i) => conversation({ id: 100 + i, interlocutor: { id: 200 + i, name: `Заказчик ${i + 1}`, type: 'customer' } }));
      serveMessaging(serverState(many));
      renderMessages();
      const user = userEvent.setup();
      await within(list()).findByRole('link', { name: /Заказчик 1\b/ });

      within(list()).getByRole('button', { name: 'Показать ещё' }).focus();
      await user.keyboard('{Enter}');
      const added = await within(list()).findByRole('link', { name: /Заказчик 21\b/ });
      await waitFor(() => expect(added).toHaveFocus());
    });

    it('after the last older page the focus goes to the newest message loaded, right above the reader’s place (read by its content), not to <body> nor the oldest', async () => {
      serveMessaging(serverState([conversation()], { 5: many(35) }));
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Сообщение 35');
      expect(within(log()).queryByText('Сообщение 5')).not.toBeInTheDocument();

      within(log()).getByRole('button', { name: 'Показать более ранние' }).focus();
      await user.keyboard('{Enter}');
      await within(log()).findByText('Сообщение 1');
      expect(within(log()).queryByRole('button', { name: 'Показать более ранние' })).not.toBeInTheDocument();
      // 1–5 came in above 6–35: 5 is the one right above where the reader was.
      const above = within(log()).getByText('Сообщение 5').closest('.msg-bubble') as HTMLElement;
      await waitFor(() => expect(above).toHaveFocus());
      expect(above).toHaveAttribute('tabindex', '-1');
      expect(above).toHaveTextContent(`${CUSTOMER.name}: Сообщение 5`);
    });

    it('keeps the focus on the button while a page loads (busy, a second Enter asks nothing) and while there are older pages still', async () => {
      // Older pages wait for the test, the first time.
      const held = gate();
      const api = serveMessaging(serverState([conversation()], { 5: many(65) }), {}, { beforeMessages: (url) => (url.searchParams.get('page') === '1' ? Promise.resolve() : held.passed) });
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Сообщение 65');
      const older = within(log()).getByRole('button', { name: 'Показать более ранние' });

      older.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(older).toHaveAttribute('aria-busy', 'true'));
      expect(older).toHaveAttribute('aria-disabled', 'true');
      expect(older).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(api.callsTo('GET message/get-collection').filter((c) => c.query.get('page') === '2')).toHaveLength(1);
      held.open();
      await within(log()).findByText('Сообщение 6');
      await waitFor(() => expect(older).not.toHaveAttribute('aria-busy'));
      expect(older).toHaveFocus();

      await user.keyboard('{Enter}');
      await within(log()).findByText('Сообщение 1');
      // The last page: the button goes, the newest message it brought (right above the reader's place) takes the focus.
      await waitFor(() => expect(within(log()).getByText('Сообщение 5').closest('.msg-bubble')).toHaveFocus());
      expect(within(log()).queryByRole('button', { name: 'Показать более ранние' })).not.toBeInTheDocument();
    });

    it('leaves the focus where the reader moved it while the page was loading', async () => {
      serveMessaging(serverState([conversation()], { 5: many(35) }));
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Сообщение 35');
      const field = screen.getByRole('textbox', { name: 'Сообщение' });

      await user.click(within(log()).getByRole('button', { name: 'Показать более ранние' }));
      field.focus();
      await within(log()).findByText('Сообщение 1');
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(field).toHaveFocus();
    });
  });

  it('a conversation that is not there (404) says so, with nothing to retry and nowhere to write', async () => {
    serveMessaging(serverState([conversation()], {}));
    renderMessages('?messagingId=5');
    expect(await screen.findByText(TEXTS.threadNotFound)).toBeInTheDocument();
    expect(screen.getByText(/Выберите диалог из списка/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Новое сообщение' })).not.toBeInTheDocument();
  });

  it('a conversation not found for a profile with none: the list says how conversations start, the thread that there are none to choose', async () => {
    serveMessaging(serverState([], {}));
    renderMessages('?messagingId=99999');
    expect(await screen.findByText(TEXTS.threadNotFound)).toBeInTheDocument();
    expect(screen.getByText('Возможно, ссылка устарела или диалог ведёт другой ваш профиль. У этого профиля диалогов пока нет.')).toBeInTheDocument();
    expect(screen.queryByText(/Выберите диалог из списка/)).not.toBeInTheDocument();
    expect(await within(list()).findByText(TEXTS.emptyDescription)).toBeInTheDocument();
    expect(within(list()).queryByText(TEXTS.emptyWhileWriting)).not.toBeInTheDocument();
  });

  it('a «write to» link that opens nothing to write does not say, beside an empty list, that a conversation will appear', async () => {
    serveMessaging(serverState([], {}));
    renderMessages('?applicationId=99999');
    expect(await screen.findByText('Заявка не найдена')).toBeInTheDocument();
    expect(await within(list()).findByText(TEXTS.emptyDescription)).toBeInTheDocument();
    expect(within(list()).queryByText(TEXTS.emptyWhileWriting)).not.toBeInTheDocument();
  });

  it('a conversation that fails to load for another reason shows the error with «Повторить»', async () => {
    let fail = true;
    const hello = fromCustomer({ id: 1, messagingId: 5, text: 'Добрый день' });
    serveMessaging(serverState([conversation()], { 5: [hello] }), {
      'GET message/get-collection': () => (fail ? { status: 500 } : { body: { data: { items: [hello], total: 1, page: 1, limit: 30 } } }),
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    expect(await screen.findByText(TEXTS.threadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await within(log()).findByText('Добрый день')).toBeInTheDocument();
  });

  it('an older page that fails keeps the messages shown: the failure is said by «Показать более ранние», which keeps the focus and asks again', async () => {
    const many = Array.from({ length: 35 }, (_, i) => fromCustomer({ id: i + 1, text: `Сообщение ${i + 1}`, createdAt: dayAt(1, 8, i), read: true }));
    let fail = true;
    serveMessaging(serverState([conversation()], { 5: many }), {
      'GET message/get-collection': (url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        if (page > 1 && fail) return { status: 500, body: { message: 'Сервер устал', code: 'e500' } };
        const items = [...many].reverse().slice((page - 1) * 30, page * 30);
        return { body: { data: { items, total: many.length, page, limit: 30 } } };
      },
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщение 35');
    const older = within(log()).getByRole('button', { name: 'Показать более ранние' });

    older.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить более ранние сообщения');
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер устал');
    // What was read stays; the way to ask again is where the keyboard is.
    expect(within(log()).getByText('Сообщение 35')).toBeInTheDocument();
    expect(screen.queryByText(TEXTS.threadError)).not.toBeInTheDocument();
    expect(older).toHaveFocus();

    fail = false;
    await user.keyboard('{Enter}');
    expect(await within(log()).findByText('Сообщение 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a search result whose older page fails still says what was found (not emptied, to be said again after)', async () => {
    const many = Array.from({ length: 35 }, (_, i) => fromCustomer({ id: i + 1, text: `Смета ${i + 1}`, createdAt: dayAt(1, 8, i), read: true }));
    serveMessaging(serverState([conversation()], { 5: many }), {
      'GET message/get-collection': (url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        if (page > 1) return { status: 500 };
        const items = [...many].reverse().slice(0, 30);
        return { body: { data: { items, total: many.length, page, limit: 30 } } };
      },
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Смета 35');
    await user.click(screen.getByRole('button', { name: 'Поиск по переписке' }));
    await user.type(screen.getByRole('searchbox', { name: 'Текст или имя файла' }), 'смета');
    await waitFor(() => expect(found()).toEqual(['Найдено: 35 сообщений']));

    await user.click(within(log()).getByRole('button', { name: 'Показать более ранние' }));
    await screen.findByRole('alert');
    expect(found()).toContain('Найдено: 35 сообщений');
  });

  it('«Повторить» keeps the focus while it asks again (busy), and the conversation it loads takes it over (not <body>)', async () => {
    let fail = true;
    const held = gate();
    const hello = fromCustomer({ id: 1, messagingId: 5, text: 'Добрый день' });
    serveMessaging(serverState([conversation()], { 5: [hello] }), {
      'GET message/get-collection': async () => {
        if (fail) return { status: 500 };
        await held.passed;
        return { body: { data: { items: [hello], total: 1, page: 1, limit: 30 } } };
      },
    });
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.threadError);
    fail = false;
    const retry = screen.getByRole('button', { name: 'Повторить' });
    retry.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(retry).toHaveAttribute('aria-busy', 'true'));
    expect(retry).toHaveFocus();
    act(() => held.open());
    const thread = await screen.findByRole('log');
    expect(within(thread).getByText('Добрый день')).toBeInTheDocument();
    await waitFor(() => expect(thread).toHaveFocus());
  });

  it('back to the list, the focus goes to the link of the conversation left, not to <body>', async () => {
    const other = conversation({ id: 6, interlocutor: { id: 4, name: 'Пётр Другой', type: 'customer' } });
    serveMessaging(serverState([other, conversation()], { 5: [fromCustomer({ id: 1, text: 'Добрый день', read: true })], 6: [] }));
    const { location, go } = renderMessages();
    const user = userEvent.setup();
    await user.click(await within(list()).findByRole('link', { name: new RegExp(CUSTOMER.name) }));
    await screen.findByText('Добрый день');

    // The phone's «Назад к диалогам», by keyboard: the thread and the link go.
    screen.getByRole('link', { name: TEXTS.back }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().search).toBe(''));
    const left = within(list()).getByRole('link', { name: new RegExp(CUSTOMER.name) });
    await waitFor(() => expect(left).toHaveFocus());

    // The browser's Back from a conversation the reader typed in: the same.
    await user.click(left);
    await user.click(await screen.findByRole('textbox', { name: 'Сообщение' }));
    await go(-1);
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(left).toHaveFocus());
  });

  it('the phone’s back link returns to the list', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    const { location } = renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: TEXTS.back }));
    await waitFor(() => expect(location().search).toBe(''));
  });
});

describe('an open conversation’s heading', () => {
  const heading = () => screen.findByRole('heading', { level: 2, name: 'Заказчик 23' });
  /** The open thread's application line: «Заявка № … · name», the name a link to the application. */
  const applicationLine = (interlocutor: string) => within(screen.getByRole('region', { name: interlocutor })).queryByText(/^Заявка №/);
  /** Which conversations were asked for alone (`messaging/get-collection?id=`). */
  const askedAlone = (api: ReturnType<typeof serveMessaging>) =>
    api.callsTo('GET messaging/get-collection').map((c) => c.query.get('id')).filter((id) => id !== null);
  /** 23 conversations: the list's first page holds 20; the last one is about another application. */
  const many = () =>
    Array.from({ length: 23 }, (_, i) =>
      conversation({
        id: 100 + i,
        interlocutor: { id: 200 + i, name: `Заказчик ${i + 1}`, type: 'customer' },
        ...(i === 22 ? { application: { id: 9, number: 1099, name: 'Покраска забора' } } : {}),
        lastMessage: { text: `Сообщение ${i + 1}`, createdAt: dayAt(i, 10) },
      }),
    );

  it('a conversation past the list’s first page, where only the viewer wrote, shows its interlocutor and application', async () => {
    const api = serveMessaging(serverState(many(), { 122: [fromMe({ id: 1, messagingId: 122, text: 'Добрый день, когда удобно?', read: false })] }));
    renderMessages('?messagingId=122');

    expect(await heading()).toBeInTheDocument();
    const line = applicationLine('Заказчик 23') as HTMLElement;
    expect(line).toHaveTextContent('Заявка № 1099 · Покраска забора');
    expect(within(line).getByRole('link', { name: 'Покраска забора' })).toHaveAttribute('href', '/lk/application/detail/9');
    expect(askedAlone(api)).toEqual(['122']);
    // The list stays as it was: its first page, without the conversation open.
    expect(await within(list()).findAllByRole('link')).toHaveLength(20);
    expect(within(list()).queryByRole('link', { name: /Заказчик 23/ })).not.toBeInTheDocument();
    expect(within(list()).getByRole('button', { name: 'Показать ещё' })).toBeInTheDocument();
  });

  it('shows the heading before the list has answered', async () => {
    const state = serverState(many(), { 122: [] });
    const listHeld = gate();
    const api = serveMessaging(state, {
      'GET messaging/get-collection': async (url) => {
        if (url.searchParams.get('id') === null) await listHeld.passed;
        const id = Number(url.searchParams.get('id'));
        const items = url.searchParams.get('id') === null ? state.conversations.slice(0, 20) : state.conversations.filter((c) => c.id === id);
        return { body: { data: { items, total: items.length === 20 ? 23 : items.length, page: 1, limit: 20, unread: 0 } } };
      },
    });
    renderMessages('?messagingId=122');

    expect(await heading()).toBeInTheDocument();
    expect(applicationLine('Заказчик 23')).toHaveTextContent('Заявка № 1099 · Покраска забора');
    expect(screen.getByText('Загружаем диалоги…')).toBeInTheDocument();
    listHeld.open();
    expect(await within(list()).findAllByRole('link')).toHaveLength(20);
    expect(screen.getByRole('heading', { level: 2, name: 'Заказчик 23' })).toBeInTheDocument();
    expect(askedAlone(api)).toEqual(['122']);
  });

  it('a conversation the list holds is not asked for again', async () => {
    const api = serveMessaging(serverState(many(), { 101: [] }));
    renderMessages();
    const user = userEvent.setup();
    await user.click(await within(list()).findByRole('link', { name: /Заказчик 2\b/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Заказчик 2' })).toBeInTheDocument();
    expect(applicationLine('Заказчик 2')).toHaveTextContent('Заявка № 1007 · Замена электропроводки');
    await screen.findByText(TEXTS.noMessages);
    expect(askedAlone(api)).toEqual([]);
  });

  it('another profile’s conversation (none of the viewer’s, refused 403: QA OOO-3) keeps the plain heading and says it is not found', async () => {
    const state = serverState([conversation()], {});
    state.foreign = new Set([77]);
    // A list refused 403 renews the session once and is asked again (spec §4), then shown as refused.
    const api = serveMessaging(state, { 'POST token/renew': () => ({ status: 200, body: { data: { token: 'access-renewed', refresh_token: 'refresh-renewed' } } }) });
    renderMessages('?messagingId=77');
    expect(await screen.findByText(TEXTS.threadNotFound)).toBeInTheDocument();
    await waitFor(() => expect(askedAlone(api)).toEqual(['77']));
    expect(screen.getByRole('heading', { level: 2, name: 'Диалог' })).toBeInTheDocument();
    expect(applicationLine('Диалог')).toBeNull();
    // Nothing to retry, nowhere to write.
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Новое сообщение' })).not.toBeInTheDocument();
  });

  it('switching the active profile with a conversation open shows none of the other profile’s messages or its interlocutor', async () => {
    const state = serverState([conversation()], { 5: [fromCustomer({ id: 1, text: 'Только для исполнителя', createdAt: dayAt(0, 9), read: true })] });
    const held = gate();
    let holding = false;
    serveMessaging(state, {}, { beforeMessages: () => (holding ? held.passed : Promise.resolve()) });
    renderMessages('?messagingId=5');
    expect(await screen.findByText('Только для исполнителя')).toBeInTheDocument();

    // The same user turns to his organisation's profile, which has no conversations: its thread is still on its way.
    state.conversations = [];
    state.messages.delete(5);
    holding = true;
    act(() => actAs({ id: 40, type: 'organization', name: 'ООО «Мастерская»', active: true }));
    await waitFor(() => expect(screen.queryByText('Только для исполнителя')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { level: 2, name: CUSTOMER.name })).not.toBeInTheDocument();
    expect(screen.getByText('Загружаем переписку…')).toBeInTheDocument();

    held.open();
    expect(await screen.findByText(TEXTS.threadNotFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Диалог' })).toBeInTheDocument();
    expect(screen.queryByText('Только для исполнителя')).not.toBeInTheDocument();
    // Neither empty text contradicts the other: no composer to write a first message in, no list to choose from.
    await waitFor(() => expect(screen.getByText(/У этого профиля диалогов пока нет/)).toBeInTheDocument());
    expect(within(list()).queryByText(TEXTS.emptyWhileWriting)).not.toBeInTheDocument();
  });
});

describe('history and new messages, for screen-reader and keyboard users', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, i) => fromCustomer({ id: i + 1, text: `Сообщение ${i + 1}`, createdAt: dayAt(1, 8, i), read: true }));
  /** The status that has said something about the log (what came, what loaded). */
  const said = () => screen.getAllByRole('status').filter((el) => el.textContent?.trim()).map((el) => el.textContent!.trim());
  const arrive = (state: ReturnType<typeof serverState>, id: number, text: string) => {
    const message = fromCustomer({ id, messagingId: 5, text, createdAt: new Date().toISOString() });
    state.messages.get(5)!.push(message);
    act(() => bus.emit('message:received', { message }));
  };
  /** jsdom lays nothing out: the log as a reader scrolled it, `top` pixels down a 2000px thread in a 400px box. */
  const scrollLogTo = (top: number) => {
    const element = log();
    Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(element, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(element, 'scrollTop', { configurable: true, writable: true, value: top });
    fireEvent.scroll(element);
  };

  let scrolled: jest.Mock;
  beforeEach(() => {
    scrolled = jest.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });
  const scrolledInto = (element: Element) => scrolled.mock.contexts.flatMap((node, i) => (node === element ? [scrolled.mock.calls[i]![0]] : []));

  it('«Перейти к полю сообщения» takes the keyboard past the thread and its files to the composer', async () => {
    serveMessaging(
      serverState([conversation()], {
        5: [fromCustomer({ id: 1, text: 'Смета', documents: [{ id: 9, name: 'Смета.pdf', sizeBytes: 2048 }] })],
      }),
    );
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await within(await screen.findByRole('log')).findByText('Смета');
    const skip = screen.getByRole('button', { name: TEXTS.skipToComposer });
    // Before the thread, in the keyboard's order.
    expect(skip.compareDocumentPosition(log()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    skip.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Сообщение' })).toHaveFocus();
  });

  it('older messages loaded on request are not read out as new: a status says how many came; messages that arrive are said', async () => {
    const state = serverState([conversation()], { 5: many(35) });
    serveMessaging(state);
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщение 35');
    expect(log()).toHaveAttribute('aria-live', 'off');

    within(log()).getByRole('button', { name: 'Показать более ранние' }).focus();
    await user.keyboard('{Enter}');
    await within(log()).findByText('Сообщение 1');
    await waitFor(() => expect(said()).toEqual(['Загружено 5 более ранних сообщений']));

    arrive(state, 36, 'Я подъеду к десяти');
    await within(log()).findByText('Я подъеду к десяти');
    await waitFor(() => expect(said()).toEqual([`${CUSTOMER.name}: Я подъеду к десяти`]));
    // At the bottom the thread follows the conversation: no hint.
    expect(screen.queryByRole('button', { name: /новое сообщение/ })).not.toBeInTheDocument();
  });

  it('the focused «Показать более ранние» is scrolled just back into view when a page comes in above it; after the last page the reader stays in place, the focus on the message right above it', async () => {
    serveMessaging(serverState([conversation()], { 5: many(65) }));
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщение 65');
    const older = within(log()).getByRole('button', { name: 'Показать более ранние' });
    // jsdom lays nothing out: each message 100px high, the log scrolled as a browser would.
    const element = log();
    Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => element.querySelectorAll('.msg-bubble').length * 100 });
    Object.defineProperty(element, 'scrollTop', { configurable: true, writable: true, value: 0 });

    older.focus();
    await user.keyboard('{Enter}');
    await within(log()).findByText('Сообщение 6');
    await waitFor(() => expect(scrolledInto(older)).toEqual([{ block: 'nearest', inline: 'nearest' }]));
    expect(older).toHaveFocus();

    // The reader at the top of the 60 messages now shown, by the button, loads the last page (1–5).
    element.scrollTop = 0;
    scrolled.mockClear();
    await user.keyboard('{Enter}');
    await within(log()).findByText('Сообщение 1');
    const above = within(log()).getByText('Сообщение 5').closest('.msg-bubble') as HTMLElement;
    await waitFor(() => expect(above).toHaveFocus());
    // Not brought to the oldest: nothing is scrolled into view, and the log keeps 6 where it was,
    // the five messages above it.
    expect(scrolled.mock.contexts.filter((node) => (node as Element).classList.contains('msg-bubble'))).toEqual([]);
    expect(element.scrollTop).toBe(500);
  });

  it('a reader up in the history is told once that new messages wait below; the button takes him to them and goes at the bottom', async () => {
    const state = serverState([conversation()], { 5: many(10) });
    serveMessaging(state);
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщение 10');
    scrollLogTo(0);

    arrive(state, 11, 'Первое новое');
    const hint = await screen.findByRole('button', { name: '1 новое сообщение' });
    expect(hint).toHaveTextContent('1 новое сообщение ↓');
    expect(said()).toEqual([TEXTS.newBelow]);
    const told = screen.getByText(TEXTS.newBelow);
    arrive(state, 12, 'Второе новое');
    expect(await screen.findByRole('button', { name: '2 новых сообщения' })).toBe(hint);
    // Said once, not per message: the same words, the same node, no message read out.
    expect(said()).toEqual([TEXTS.newBelow]);
    expect(screen.getByText(TEXTS.newBelow)).toBe(told);
    expect(log()).toHaveProperty('scrollTop', 0);

    hint.focus();
    await user.keyboard('{Enter}');
    const first = within(log()).getByText('Первое новое').closest('.msg-bubble') as HTMLElement;
    expect(first).toHaveFocus();
    expect(log()).toHaveProperty('scrollTop', 2000);
    expect(scrolledInto(first)).toEqual([{ block: 'nearest' }]);
    expect(screen.queryByRole('button', { name: /новых? сообщени/ })).not.toBeInTheDocument();

    // Up again, a message, and the reader scrolls down himself: the hint goes.
    scrollLogTo(300);
    arrive(state, 13, 'Третье новое');
    expect(await screen.findByRole('button', { name: '1 новое сообщение' })).toBeInTheDocument();
    scrollLogTo(1600);
    await waitFor(() => expect(screen.queryByRole('button', { name: '1 новое сообщение' })).not.toBeInTheDocument());
  });

  it('one who follows the conversation is not read back his own message: the composer says it went; the interlocutor’s are said', async () => {
    const state = serverState([conversation()], { 5: many(3) });
    serveMessaging(state);
    renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText('Сообщение 3');

    await user.type(screen.getByRole('textbox', { name: 'Сообщение' }), 'Буду к десяти{Enter}');
    await within(log()).findByText('Буду к десяти');
    await waitFor(() => expect(said()).toEqual(['Сообщение отправлено']));

    arrive(state, 20, 'Жду');
    await waitFor(() => expect(said()).toContain(`${CUSTOMER.name}: Жду`));
    expect(said().filter((line) => line.startsWith('Вы'))).toEqual([]);
  });

  describe('a message that arrives while the reader is up in the history is not read until he is back at the bottom', () => {
    /** The interlocutor writes: the message is unread, and so is the conversation in the list. */
    const arriveUnread = (state: ReturnType<typeof serverState>, id: number, text: string) => {
      state.conversations = state.conversations.map((c) => (c.id === 5 ? { ...c, unread: c.unread + 1 } : c));
      arrive(state, id, text);
    };
    const entry = () => within(list()).getByRole('link', { name: new RegExp(CUSTOMER.name) });

    /** The thread open at the bottom, the reader scrolled up, a message come meanwhile: nothing read yet. */
    async function unseenBelow() {
      const state = serverState([conversation()], { 5: many(10) });
      const api = serveMessaging(state);
      renderMessages('?messagingId=5');
      const user = userEvent.setup();
      await screen.findByText('Сообщение 10');
      scrollLogTo(0);

      arriveUnread(state, 11, 'Пока вы читали');
      const hint = await screen.findByRole('button', { name: '1 новое сообщение' });
      await waitFor(() => expect(entry()).toHaveTextContent(', непрочитанных: 1'));
      // Whatever the page does after the list came (a read would go now), it has done.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('POST message/read')).toHaveLength(0);
      expect(entry()).toHaveTextContent(', непрочитанных: 1');
      return { state, api, user, hint };
    }

    it('scrolling down to it marks it read, once', async () => {
      const { api } = await unseenBelow();

      scrollLogTo(1600);
      await waitFor(() => expect(api.callsTo('POST message/read').map((c) => c.body)).toEqual([{ messagingId: 5 }]));
      await waitFor(() => expect(entry()).not.toHaveTextContent('непрочитанных'));
      // Up and down again: nothing new, no second call.
      scrollLogTo(0);
      scrollLogTo(1600);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('POST message/read')).toHaveLength(1);
    });

    it('«N новых сообщений ↓» marks them read, once', async () => {
      const { state, api, user, hint } = await unseenBelow();
      arriveUnread(state, 12, 'И ещё одно');
      expect(await screen.findByRole('button', { name: '2 новых сообщения' })).toBe(hint);
      await waitFor(() => expect(entry()).toHaveTextContent(', непрочитанных: 2'));
      expect(api.callsTo('POST message/read')).toHaveLength(0);

      await user.click(hint);
      await waitFor(() => expect(api.callsTo('POST message/read').map((c) => c.body)).toEqual([{ messagingId: 5 }]));
      await waitFor(() => expect(entry()).not.toHaveTextContent('непрочитанных'));
    });

    it('sending a message (which takes the reader to the bottom) marks them read', async () => {
      const { api, user } = await unseenBelow();

      await user.type(screen.getByRole('textbox', { name: 'Сообщение' }), 'Сейчас отвечу{Enter}');
      await within(log()).findByText('Сейчас отвечу');
      expect(log()).toHaveProperty('scrollTop', 2000);
      await waitFor(() => expect(api.callsTo('POST message/read').map((c) => c.body)).toEqual([{ messagingId: 5 }]));
      await waitFor(() => expect(entry()).not.toHaveTextContent('непрочитанных'));
    });
  });
});
