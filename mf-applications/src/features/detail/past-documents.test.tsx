import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeAnswer } from 'shared/testing';
import { ok, recordSavedFiles, serveApi, setUpPageTests } from 'shared/testing';
import { PAST_DOCUMENTS_LEAD } from './components/past-documents-section';
import { actAs, CUSTOMER, EXECUTOR, makeDetail, makePastDocument, makeReply } from './testing/fixtures';
import { detailShown, renderDetail } from './testing/render-detail';

const toasts = setUpPageTests(() => actAs(CUSTOMER));

const SECTION = 'Документы прекращённых сделок';
const DOWNLOAD = 'GET application/past-document/download';

/** What the page saved: the names, in order. */
const saved = recordSavedFiles();

const pdf = (): FakeAnswer => ({ blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });

/** A stopped deal's contract, signed by both, and its report, signed by the executor alone. */
const CONTRACT = makePastDocument();
const REPORT = makePastDocument({
  id: 701,
  kind: 'report',
  name: 'Акт.pdf',
  signatures: [{ party: 'executor', signerName: EXECUTOR.name, signedAt: '2026-11-24T09:00:00.000Z' }],
});

/** The deals' headings and, under each, what each document is and its file, in the order shown. */
const dealsShown = (section: HTMLElement) =>
  [...section.querySelectorAll('.detail-past-deal')].map((deal) => ({
    executor: deal.querySelector('h3')?.textContent,
    documents: [...deal.querySelectorAll('.detail-past-document')].map((item) => `${item.querySelector('.detail-past-document__kind')?.textContent}: ${item.querySelector('.detail-document__name')?.textContent}`),
  }));

describe('the documents of deals that ended', () => {
  it("the customer sees them in the main column after «Документы»: what each is, its file, the deal's executor and end, who signed", async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'stopped_by_customer', pastDocuments: [CONTRACT, REPORT] })) });
    renderDetail();
    const section = await screen.findByRole('region', { name: SECTION });

    const documents = screen.getByRole('region', { name: 'Документы' });
    expect(section.closest('.detail-main')).not.toBeNull();
    expect(documents.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section).toHaveTextContent(PAST_DOCUMENTS_LEAD);

    expect(within(section).getByRole('heading', { level: 3, name: 'Исполнитель: Пётр Сидоров' })).toBeInTheDocument();
    const ended = within(section).getByText('Сделку остановил заказчик', { exact: false }).querySelector('time');
    expect(ended).toHaveAttribute('dateTime', CONTRACT.endedAt);
    expect(ended?.textContent).toMatch(/^25 ноября 2026, \d\d:\d\d$/);

    const [contract, report] = [...section.querySelectorAll<HTMLElement>('.detail-past-document')];
    expect(contract).toHaveTextContent('Договор');
    expect(within(contract!).getByText('Договор подряда.pdf')).toBeInTheDocument();
    expect(within(contract!).getByText('Заказчик: подписан — Иван Петров,', { exact: false })).toBeInTheDocument();
    expect(within(contract!).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();
    // The button is described by its deal: two deals may hold files of one name (QA AAN-2).
    expect(within(contract!).getByRole('button', { name: 'Скачать договор «Договор подряда.pdf»' })).toHaveAccessibleDescription(
      `Исполнитель: Пётр Сидоров Сделку остановил заказчик ${ended?.textContent}`,
    );

    expect(report).toHaveTextContent('Отчёт о выполнении');
    expect(within(report!).getByText('Акт.pdf')).toBeInTheDocument();
    expect(within(report!).getByText('Заказчик: не подписан')).toBeInTheDocument();
    expect(within(report!).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();
    expect(within(report!).getByRole('button', { name: 'Скачать отчёт «Акт.pdf»' })).toBeInTheDocument();
  });

  it('groups them by deal, the deal that ended first first, its contract before its report; each says how it ended', async () => {
    const later = { executor: { id: 30, name: 'ООО «Свет»' }, endedAt: '2026-12-02T12:00:00.000Z', ended: 'cancelled' as const };
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'cancelled_by_executor',
            // Out of order (the API's is oldest first): the page orders them all the same.
            pastDocuments: [makePastDocument({ id: 702, name: 'Договор 2.pdf', signatures: [], ...later }), REPORT, CONTRACT],
          }),
        ),
    });
    renderDetail();
    const section = await screen.findByRole('region', { name: SECTION });
    expect(dealsShown(section)).toEqual([
      { executor: 'Исполнитель: Пётр Сидоров', documents: ['Договор: Договор подряда.pdf', 'Отчёт о выполнении: Акт.pdf'] },
      { executor: 'Исполнитель: ООО «Свет»', documents: ['Договор: Договор 2.pdf'] },
    ]);
    const unsigned = section.querySelectorAll<HTMLElement>('.detail-past-deal')[1]!;
    expect(unsigned).toHaveTextContent('Сделку отменил исполнитель 2 декабря 2026');
    expect(within(unsigned).getByText('Заказчик: не подписан')).toBeInTheDocument();
    expect(within(unsigned).getByText('Исполнитель: не подписан')).toBeInTheDocument();
  });

  it("the download asks application/past-document/download for the document's id, is busy until the file comes, and saves it under its name", async () => {
    let send: (answer: FakeAnswer) => void = () => undefined;
    const api = serveApi({
      'GET application/get': () => ok(makeDetail({ status: 'stopped_by_customer', pastDocuments: [CONTRACT, REPORT] })),
      [DOWNLOAD]: () => new Promise<FakeAnswer>((resolve) => (send = resolve)),
    });
    const user = userEvent.setup();
    renderDetail();
    const section = await screen.findByRole('region', { name: SECTION });
    const button = within(section).getByRole('button', { name: 'Скачать отчёт «Акт.pdf»' });

    await user.click(button);
    await waitFor(() => expect(api.callsTo(DOWNLOAD)).toHaveLength(1));
    expect(api.callsTo(DOWNLOAD)[0]?.query.get('id')).toBe(String(REPORT.id));
    expect(button).toHaveAttribute('aria-busy', 'true');
    // Only the one pressed is busy.
    expect(within(section).getByRole('button', { name: 'Скачать договор «Договор подряда.pdf»' })).not.toHaveAttribute('aria-busy', 'true');
    // Nothing of the application's current documents is asked for.
    expect(api.calls.map((call) => call.path).filter((path) => path.includes('download'))).toEqual(['application/past-document/download']);

    send(pdf());
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy', 'true'));
    expect(saved).toEqual(['Акт.pdf']);
    expect(toasts).toEqual([]);
  });

  it('a failed download says so and the button is free again', async () => {
    serveApi({
      'GET application/get': () => ok(makeDetail({ status: 'stopped_by_customer', pastDocuments: [CONTRACT] })),
      [DOWNLOAD]: () => ({ status: 500 }),
    });
    const user = userEvent.setup();
    renderDetail();
    const button = within(await screen.findByRole('region', { name: SECTION })).getByRole('button', { name: 'Скачать договор «Договор подряда.pdf»' });

    await user.click(button);
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Ошибка скачивания документа' }]));
    expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(saved).toEqual([]);
  });

  it('nothing is shown without past documents: none in the answer, or an empty list (with one, it is)', async () => {
    for (const [pastDocuments, shown] of [[[CONTRACT], true], [undefined, false], [[], false]] as const) {
      serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'stopped_by_customer', ...(pastDocuments ? { pastDocuments: [...pastDocuments] } : {}) })) });
      const { unmount } = renderDetail();
      await detailShown();
      expect(screen.getByRole('region', { name: 'Документы' })).toBeInTheDocument();
      expect(screen.queryAllByRole('region', { name: SECTION })).toHaveLength(shown ? 1 : 0);
      expect(screen.queryAllByText(SECTION)).toHaveLength(shown ? 1 : 0);
      unmount();
    }
  });

  it('a replier passed over sees the documents of his own deal that was stopped before', async () => {
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'executor_named',
            executor: { id: 30, name: 'ООО «Свет»', type: 'organization' },
            replies: [makeReply({ id: 14, status: 'rejected', ended: 'stopped' }), makeReply({ id: 15 })],
            pastDocuments: [CONTRACT],
          }),
        ),
    });
    renderDetail();
    const section = await screen.findByRole('region', { name: SECTION });
    expect(screen.getByText(/Заказчик выбрал другого исполнителя/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Скачать договор «Договор подряда.pdf»' })).toBeInTheDocument();
  });
});

describe('a former executor whose deal was stopped', () => {
  /** What the API answers him (lk-service `view`): the public card, his own reply, his part, and his deal's documents. */
  function formerExecutor(pastDocuments?: ReturnType<typeof makePastDocument>[]) {
    const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = makeDetail({
      status: 'stopped_by_customer',
      replies: [makeReply({ id: 14, status: 'rejected', ended: 'stopped', reason: 'Сроки сорваны' })],
      allowedActions: [],
    });
    return { ...rest, participation: 'stopped', ...(pastDocuments ? { pastDocuments } : {}) };
  }

  it('is told what ended his part as before, and under it finds the contract he signed, to download', async () => {
    actAs(EXECUTOR);
    const api = serveApi({ 'GET application/get': () => ok(formerExecutor([CONTRACT])), [DOWNLOAD]: pdf });
    const user = userEvent.setup();
    renderDetail();

    const message = await screen.findByText('Вы больше не участвуете в этой заявке. Заказчик остановил вашу работу по ней. Причина: Сроки сорваны');
    expect(screen.getByRole('heading', { level: 1, name: makeDetail().name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toHaveAttribute('href', '/lk/application');
    const section = screen.getByRole('region', { name: SECTION });
    expect(message.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section).getByText('Договор подряда.pdf')).toBeInTheDocument();
    expect(within(section).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Скачать договор «Договор подряда.pdf»' }));
    await waitFor(() => expect(saved).toEqual(['Договор подряда.pdf']));
    expect(api.callsTo(DOWNLOAD).map((call) => call.query.get('id'))).toEqual([String(CONTRACT.id)]);
    expect(toasts).toEqual([]);
  });

  it('without documents of his deal (none, or an empty list), his page is the message alone', async () => {
    actAs(EXECUTOR);
    for (const [pastDocuments, shown] of [[[CONTRACT], true], [undefined, false], [[], false]] as const) {
      serveApi({ 'GET application/get': () => ok(formerExecutor(pastDocuments && [...pastDocuments])) });
      const { unmount } = renderDetail();
      expect(await screen.findByText(/Заказчик остановил вашу работу по ней/)).toBeInTheDocument();
      expect(screen.queryAllByRole('region', { name: SECTION })).toHaveLength(shown ? 1 : 0);
      expect(screen.queryAllByText(SECTION)).toHaveLength(shown ? 1 : 0);
      unmount();
    }
  });
});
