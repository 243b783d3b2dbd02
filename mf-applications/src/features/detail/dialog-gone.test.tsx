import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationKeys, bus } from 'shared';
import { ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, CUSTOMER, EXECUTOR, makeDetail, makeReply } from './testing/fixtures';
import { barNames, detailAnswers } from './testing/page';
import { renderDetail } from './testing/render-detail';

const toasts = setUpPageTests(() => actAs(CUSTOMER));

const GONE = { type: 'warning', message: 'Заявка изменилась: это действие больше недоступно' };
const named = { executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' as const }, replies: [makeReply()], payment: { status: 'held' as const, amount: 12500 } };

/** The other side's step, as the shell hears it from the socket: the page reads the application again. */
const otherSideActs = (message: string) =>
  act(() => {
    bus.emit('notification:received', { message, applicationId: 42 });
    bus.emit('toast:show', { type: 'info', message });
  });

describe('a comment dialog whose action the other side takes away meanwhile', () => {
  it('«Остановить работу исполнителя»: the executor hands in the work while the reason is typed; the dialog closes and says why, the focus on the page', async () => {
    const before = makeDetail({ status: 'in_work', ...named, allowedActions: ['application/stop-working/executor'] });
    const after = makeDetail({ status: 'on_review', ...named, allowedActions: ['application/send/revision', 'application/verification'] });
    const api = serveApi({ 'GET application/get': detailAnswers(before, after) });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Остановить работу исполнителя' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Остановить работу исполнителя' })).getByLabelText('Причина (необязательно)'), 'Долго');

    otherSideActs('Заявка № 1042: на проверке');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Принять работу' })).toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'info', message: 'Заявка № 1042: на проверке' }, GONE]);
    // Its opener went with the action: the page's heading, not the body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(api.callsTo('POST application/stop-working/executor')).toHaveLength(0);
  });

  it('«Вернуть на доработку»: a colleague of the organisation accepts the work meanwhile; the dialog closes and says why', async () => {
    const before = makeDetail({ status: 'on_review', ...named, allowedActions: ['application/send/revision', 'application/verification'] });
    const after = makeDetail({ status: 'executed', ...named, allowedActions: ['application/review'] });
    const api = serveApi({ 'GET application/get': detailAnswers(before, after) });
    const user = userEvent.setup();

    const { queryClient } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на доработку' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Вернуть на доработку' })).getByLabelText('Что нужно доработать'), 'Переделать щиток');

    // A colleague's step reaches this tab with no notice (none for one's own side): the socket's
    // `application:changed`, on which the shell reads the applications again.
    await act(() => queryClient.invalidateQueries({ queryKey: applicationKeys.all }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toEqual([GONE]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(api.callsTo('POST application/send/revision')).toHaveLength(0);
  });

  it('«Отклонить отклик»: the executor withdraws the reply meanwhile; the dialog closes, the focus on «Отклики»', async () => {
    const before = makeDetail({ replies: [makeReply()], allowedActions: ['application/named/executor', 'application/reply/reject'] });
    const after = makeDetail({ replies: [makeReply({ status: 'withdrawn' })], allowedActions: [] });
    const api = serveApi({ 'GET application/get': detailAnswers(before, after) });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отклонить отклик: Пётр Сидоров' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Отклонить отклик' })).getByLabelText('Причина (необязательно)'), 'Дорого');

    otherSideActs('Исполнитель отозвал отклик на заявку № 1042');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toEqual([{ type: 'info', message: 'Исполнитель отозвал отклик на заявку № 1042' }, GONE]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /^Отклики/ })).toHaveFocus());
    expect(api.callsTo('POST application/reply/reject')).toHaveLength(0);
  });

  it('«Отклонить отклик»: that reply withdrawn while others keep «Отклонить» offered; the dialog of the gone reply still closes and says why', async () => {
    const other = makeReply({ id: 302, executor: { id: 77, name: 'Анна Смирнова', type: 'executor' } });
    const allowedActions = ['application/named/executor', 'application/reply/reject'];
    const before = makeDetail({ replies: [makeReply(), other], allowedActions });
    const after = makeDetail({ replies: [makeReply({ status: 'withdrawn' }), other], allowedActions });
    const api = serveApi({ 'GET application/get': detailAnswers(before, after) });
    const user = userEvent.setup();

    const { queryClient } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отклонить отклик: Пётр Сидоров' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Отклонить отклик' })).getByLabelText('Причина (необязательно)'), 'Дорого');

    // The withdrawal reaches this tab as the socket's `application:changed`: the page reads the application again.
    await act(() => queryClient.invalidateQueries({ queryKey: applicationKeys.all }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toEqual([GONE]);
    expect(screen.getByRole('button', { name: 'Отклонить отклик: Анна Смирнова' })).toBeInTheDocument();
    expect(api.callsTo('POST application/reply/reject')).toHaveLength(0);
  });

  it('a change that leaves the action offered keeps the dialog and what was typed', async () => {
    const before = makeDetail({ status: 'on_review', ...named, allowedActions: ['application/send/revision', 'application/verification'] });
    // The report replaced meanwhile: «Принять работу» goes, the revision stays possible.
    const after = makeDetail({ status: 'on_review', ...named, allowedActions: ['application/send/revision'] });
    const api = serveApi({ 'GET application/get': detailAnswers(before, after) });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть на доработку' });
    await user.type(within(dialog).getByLabelText('Что нужно доработать'), 'Переделать щиток');

    otherSideActs('Исполнитель заменил отчёт новой редакцией по заявке № 1042');
    await waitFor(() => expect(api.callsTo('GET application/get')).toHaveLength(2));
    // The page behind the dialog has caught up: «Принять работу» is no longer offered.
    await waitFor(() => expect(barNames()).toEqual(['Вернуть на доработку']));

    expect(screen.getByRole('dialog', { name: 'Вернуть на доработку' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Что нужно доработать')).toHaveValue('Переделать щиток');
    expect(toasts).not.toContainEqual(GONE);
  });

  it("the page's own step, whose socket event refreshes the page before its answer comes, closes the dialog as a success, without «изменилась»", async () => {
    const before = makeDetail({ status: 'on_review', ...named, allowedActions: ['application/send/revision', 'application/verification'] });
    const after = makeDetail({ status: 'revision', ...named, allowedActions: [] });
    let answer: () => void = () => undefined;
    const api = serveApi({
      'GET application/get': detailAnswers(before, after),
      // The server has committed: its `application:changed` reaches this tab before the answer does.
      'POST application/send/revision': () => new Promise((resolve) => (answer = () => resolve(ok(after, 'Заявка возвращена на доработку')))),
    });
    const user = userEvent.setup();

    const { queryClient } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть на доработку' });
    await user.type(within(dialog).getByLabelText('Что нужно доработать'), 'Переделать щиток');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));
    await waitFor(() => expect(api.callsTo('POST application/send/revision')).toHaveLength(1));
    await act(() => queryClient.invalidateQueries({ queryKey: applicationKeys.all }));
    await waitFor(() => expect(api.callsTo('GET application/get')).toHaveLength(2));
    // Still open, waiting for its answer.
    expect(screen.getByRole('dialog', { name: 'Вернуть на доработку' })).toBeInTheDocument();

    await act(async () => answer());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toEqual([{ type: 'success', message: 'Заявка возвращена на доработку' }]);
  });
});
