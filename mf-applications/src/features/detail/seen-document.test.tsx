import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, type ApplicationLkDetail, type SignedDocument } from 'shared';
import { fail, ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, contractAwaitingExecutor, CUSTOMER, EXECUTOR, makeDetail, makeReply } from './testing/fixtures';
import { detailAnswers } from './testing/page';
import { renderDetail } from './testing/render-detail';

/**
 * Accepting the work stands on the report, starting it on the contract (QA TT-5): the step sends
 * the version the page shows, the «Принять работу?» question closes when another is shown (the
 * executor deleted the report both signed), and the API's refusal of a step on a version gone
 * unheard is said and the page read again.
 */
const toasts = setUpPageTests(() => actAs(CUSTOMER));

const REPORT_CHANGED = 'Отчёт изменился или удалён: проверьте его и примите работу снова';
const CONTRACT_CHANGED = 'Договор изменился или удалён: проверьте его и начните работу снова';

const signedByBoth = (id: number, name: string): SignedDocument => ({
  id,
  name,
  sizeBytes: 1000,
  sha256: 'b'.repeat(64),
  uploadedAt: '2026-11-25T08:00:00.000Z',
  signatures: [
    { party: 'executor', signerName: EXECUTOR.name, signedAt: '2026-11-25T09:00:00.000Z' },
    { party: 'customer', signerName: CUSTOMER.name, signedAt: '2026-11-25T10:00:00.000Z' },
  ],
});

const onReview = (report: SignedDocument | null): ApplicationLkDetail =>
  makeDetail({
    status: 'on_review',
    executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
    replies: [makeReply()],
    payment: { status: 'held', amount: 11000 },
    report,
    allowedActions: ['application/verification', 'application/send/revision', 'application/document-report/download'],
  });

const acceptDialog = () => screen.getByRole('dialog', { name: 'Принять работу?' });

describe('«Принять работу» on the report the page shows', () => {
  it('sends the report seen', async () => {
    const api = serveApi({
      'GET application/get': detailAnswers(onReview(signedByBoth(950, 'akt.pdf')), makeDetail({ status: 'executed' })),
      'POST application/verification': () => ok(makeDetail({ status: 'executed' }), 'Работа принята'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Принять работу' }));
    await user.click(within(acceptDialog()).getByRole('button', { name: 'Принять работу' }));

    await waitFor(() => expect(api.callsTo('POST application/verification')).toHaveLength(1));
    expect(api.callsTo('POST application/verification')[0]?.body).toEqual({ id: 42, seenReport: 950 });
  });

  it('the question closes when the executor deletes the report, and says so; asked again, it is about no report', async () => {
    const api = serveApi({
      'GET application/get': detailAnswers(onReview(signedByBoth(950, 'akt.pdf')), onReview(null)),
      'POST application/verification': () => ok(makeDetail({ status: 'executed' }), 'Работа принята'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Принять работу' }));
    expect(acceptDialog()).toBeInTheDocument();

    // The executor's step, as the shell hears it from the socket: the page reads the application again.
    act(() => {
      bus.emit('notification:received', { message: 'Исполнитель удалил отчёт по заявке № 1042', applicationId: 42 });
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toEqual([{ type: 'warning', message: REPORT_CHANGED }]);
    expect(screen.getByText('Отчёт ещё не загружен.')).toBeInTheDocument();
    expect(api.callsTo('POST application/verification')).toHaveLength(0);

    // Asked again with the page as it is now: the acceptance is of the work with no report.
    await user.click(screen.getByRole('button', { name: 'Принять работу' }));
    await user.click(within(acceptDialog()).getByRole('button', { name: 'Принять работу' }));
    await waitFor(() => expect(api.callsTo('POST application/verification')).toHaveLength(1));
    expect(api.callsTo('POST application/verification')[0]?.body).toEqual({ id: 42, seenReport: null });
  });

  it('a page that has not heard of the deletion: the refusal is said, the page read again shows no report', async () => {
    const api = serveApi({
      'GET application/get': detailAnswers(onReview(signedByBoth(950, 'akt.pdf')), onReview(null)),
      'POST application/verification': () => fail(409, REPORT_CHANGED, { code: 'seen_document_changed' }),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Принять работу' }));
    await user.click(within(acceptDialog()).getByRole('button', { name: 'Принять работу' }));

    expect(await screen.findByText('Отчёт ещё не загружен.')).toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'error', message: REPORT_CHANGED }]);
    expect(api.callsTo('POST application/verification')[0]?.body).toEqual({ id: 42, seenReport: 950 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('«Начать работу» on the contract the page shows', () => {
  it('sends the contract seen; refused as changed, says so and reads the page again', async () => {
    actAs(EXECUTOR);
    const signed = contractAwaitingExecutor({ contract: signedByBoth(900, 'Договор подряда.pdf'), allowedActions: ['application/start-working/executor', 'application/contract/download'] });
    const deleted = contractAwaitingExecutor({ contract: null, allowedActions: ['application/start-working/executor'] });
    const api = serveApi({
      'GET application/get': detailAnswers(signed, deleted),
      'POST application/start-working/executor': () => fail(409, CONTRACT_CHANGED, { code: 'seen_document_changed' }),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    expect(await screen.findByText('Договор ещё не загружен.')).toBeInTheDocument();
    expect(api.callsTo('POST application/start-working/executor')[0]?.body).toEqual({ id: 42, seenContract: 900 });
    expect(toasts).toEqual([{ type: 'error', message: CONTRACT_CHANGED }]);
  });
});
