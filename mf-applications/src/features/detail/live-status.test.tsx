import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, QUERY_STALE_TIME_MS } from 'shared';
import { fail, ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, CUSTOMER, EXECUTOR, makeDetail, makeReply } from './testing/fixtures';
import { detailAnswers } from './testing/page';
import { detailShown, renderDetail } from './testing/render-detail';

setUpPageTests(() => actAs(CUSTOMER));

const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

/** What the page's live regions hold: what a screen reader says of them when they change. */
const pageSays = () => [...document.querySelectorAll(`article ${LIVE}, article:is(${LIVE})`)].map((region) => region.textContent?.trim() ?? '');

/** The visible status of the application, and whether a live region of the page would read it out. */
function shownStatus(label: string) {
  const status = screen.getByText(label, { selector: '.detail-status' });
  return { status, live: status.closest(LIVE) !== null };
}

/** What the shell does with a socket `notification` about an application (session/notification-event). */
function notify(message: string, applicationId: number | null) {
  act(() => {
    bus.emit('notification:received', { message, applicationId });
    bus.emit('toast:show', { type: 'info', message });
  });
}

describe('the status of the open application, said once', () => {
  it('the other party’s step is said by its notification (number, status, comment), not again by the page', async () => {
    actAs(EXECUTOR);
    serveApi({ 'GET application/get': detailAnswers(makeDetail({ replies: [makeReply()] }), makeDetail({ status: 'executor_named', replies: [makeReply()] })) });
    renderDetail();
    await detailShown();

    notify('Заявка № 1042: Исполнитель выбран', 42);

    await screen.findByText('Исполнитель выбран', { selector: '.detail-status' });
    expect(shownStatus('Исполнитель выбран').live).toBe(false);
    expect(pageSays().join(' ')).not.toMatch(/Исполнитель выбран/);
  });

  it('the caller’s own step is said by its success toast, not again by the page', async () => {
    const before = makeDetail({ status: 'executor_named', payment: { status: 'held', amount: 12500 }, allowedActions: ['application/start-working/executor'] });
    const after = makeDetail({ status: 'in_work', allowedActions: ['application/confirm-execution'] });
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/start-working/executor': () => ok(after, 'Работа по заявке начата'),
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    await screen.findByText('В работе', { selector: '.detail-status' });
    expect(shownStatus('В работе').live).toBe(false);
    expect(pageSays().join(' ')).not.toMatch(/В работе/);
  });

  it('a change no toast told of (caught up after the socket came back) is said by the page, with the word «Статус»', async () => {
    serveApi({ 'GET application/get': detailAnswers(makeDetail(), makeDetail({ status: 'executor_named' })) });
    renderDetail();
    await detailShown();

    act(() => bus.emit('socket:status', { connected: true }));

    await screen.findByText('Исполнитель выбран', { selector: '.detail-status' });
    expect(pageSays()).toContain('Статус: Исполнитель выбран');
  });

  it('a refusal that names no status (someone acted first): the page says the status it finds', async () => {
    const before = makeDetail({ status: 'on_review', allowedActions: ['application/verification', 'application/send/revision'] });
    serveApi({
      'GET application/get': detailAnswers(before, makeDetail({ status: 'revision', allowedActions: [] })),
      'POST application/verification': () => fail(409, 'Действие недоступно в текущем статусе заявки'),
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Принять работу' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Принять работу?' })).getByRole('button', { name: 'Принять работу' }));

    await screen.findByText('На доработке', { selector: '.detail-status' });
    expect(pageSays()).toContain('Статус: На доработке');
  });

  it('a notification that changed no status (a document added) does not silence a later change', async () => {
    const answers = [
      makeDetail(),
      makeDetail({ documents: [{ id: 31, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 2048, public: true, createdAt: '2026-11-21T09:30:00Z' }] }),
      makeDetail({ status: 'executor_named' }),
    ];
    let call = 0;
    serveApi({ 'GET application/get': () => ok(answers[Math.min(call++, answers.length - 1)]!) });
    renderDetail();
    await detailShown();

    notify('Заказчик добавил документ к заявке № 1042', 42);
    await screen.findByText('Смета.pdf', { exact: false });

    act(() => bus.emit('socket:status', { connected: true }));
    await screen.findByText('Исполнитель выбран', { selector: '.detail-status' });
    expect(pageSays()).toContain('Статус: Исполнитель выбран');
  });

  it('a notification about another application does not silence this one’s change', async () => {
    serveApi({ 'GET application/get': detailAnswers(makeDetail(), makeDetail({ status: 'executor_named' })) });
    renderDetail();
    await detailShown();

    notify('Новый отклик на заявку № 1077', 77);
    act(() => bus.emit('socket:status', { connected: true }));

    await screen.findByText('Исполнитель выбран', { selector: '.detail-status' });
    expect(pageSays()).toContain('Статус: Исполнитель выбран');
  });

  it('a tab brought back into view asks again: a step taken in the user’s other tab (no notification tells him of his own) is shown and said', async () => {
    const api = serveApi({ 'GET application/get': detailAnswers(makeDetail({ status: 'executor_named' }), makeDetail({ status: 'in_work' })) });
    const { queryClient } = renderDetail();
    // The app's own defaults (shared createQueryClient): nothing is asked again on focus unless a query says so.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false } });
    await detailShown();

    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));

    await screen.findByText('В работе', { selector: '.detail-status' });
    expect(pageSays()).toContain('Статус: В работе');
    expect(api.callsTo('GET application/get')).toHaveLength(2);
    focusManager.setFocused(undefined);
  });

  it('what the page said of a status is gone once a toast tells of the next one: no stale words for a screen reader to find', async () => {
    const answers = [makeDetail(), makeDetail({ status: 'executor_named' }), makeDetail({ status: 'in_work' })];
    let call = 0;
    serveApi({ 'GET application/get': () => ok(answers[Math.min(call++, answers.length - 1)]!) });
    renderDetail();
    await detailShown();

    act(() => bus.emit('socket:status', { connected: true }));
    await screen.findByText('Исполнитель выбран', { selector: '.detail-status' });
    expect(pageSays()).toContain('Статус: Исполнитель выбран');

    notify('Заявка № 1042: В работе', 42);
    await screen.findByText('В работе', { selector: '.detail-status' });
    expect(pageSays().join(' ')).not.toMatch(/Исполнитель выбран|В работе/);
  });
});
