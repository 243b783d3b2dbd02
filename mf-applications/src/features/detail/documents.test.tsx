import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationLkDetail, DocumentInfo, SignedDocument } from 'shared';
import { fail, fakeFile, installFakeXhr, ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, contractAwaitingExecutor, CUSTOMER, EXECUTOR, makeDetail } from './testing/fixtures';
import { renderDetail } from './testing/render-detail';

const toasts = setUpPageTests(() => actAs(CUSTOMER));
let xhr: ReturnType<typeof installFakeXhr>;

afterEach(() => xhr?.restore());

const choose = (input: HTMLElement, file: File) => act(async () => void fireEvent.change(input, { target: { files: [file] } }));

describe('contract and documents', () => {
  it('the customer uploads the contract as multipart `id` and `file`, and the detail is refetched', async () => {
    const uploaded = contractAwaitingExecutor({ allowedActions: ['application/contract/upload', 'application/contract/delete', 'application/contract/download'] });
    xhr = installFakeXhr(() => ok(uploaded.contract));
    let gets = 0;
    serveApi({ 'GET application/get': () => ok(gets++ === 0 ? makeDetail({ status: 'executor_named', allowedActions: ['application/contract/upload'] }) : uploaded) });

    renderDetail();
    const contract = await screen.findByRole('region', { name: 'Договор' });
    expect(within(contract).getByText('Договор ещё не загружен.')).toBeInTheDocument();
    await choose(within(contract).getByLabelText('Загрузить договор'), fakeFile('Договор подряда.pdf', 153_600, 'application/pdf'));

    expect(await within(contract).findByText('Договор подряда.pdf', { selector: '.detail-document__name' })).toBeInTheDocument();
    expect(xhr.requests[0]?.url.pathname).toBe('/api/application/contract/upload');
    expect(xhr.requests[0]?.fields).toEqual({ id: '42' });
    expect(xhr.requests[0]?.file?.name).toBe('Договор подряда.pdf');
    expect(toasts).toEqual([{ type: 'success', message: 'Договор загружен' }]);
    // Said once, by the toast: the upload's own status does not say it again.
    expect(within(contract).queryByText(/Файл «Договор подряда\.pdf» загружен/)).not.toBeInTheDocument();
    expect(within(contract).getByText(/150\sКБ/)).toBeInTheDocument();
    expect(within(contract).getByLabelText('Заменить договор')).toBeInTheDocument();
    expect(within(contract).getByRole('button', { name: 'Удалить договор' })).toBeInTheDocument();
    // The customer has signed already: nothing to sign for it.
    expect(within(contract).queryByRole('button', { name: 'Подписать договор' })).not.toBeInTheDocument();
  });

  it('refused as the deal moved on unheard (the executor cancelled): said, and the page reads itself again, not left offering payment (QA BAD-2)', async () => {
    const REFUSAL = 'Действие недоступно в текущем статусе заявки';
    xhr = installFakeXhr(() => fail(409, REFUSAL));
    let gets = 0;
    const stale = makeDetail({ status: 'executor_named', allowedActions: ['application/contract/upload', 'application/payment/dev-pay'] });
    serveApi({ 'GET application/get': () => ok(gets++ === 0 ? stale : makeDetail({ status: 'cancelled_by_executor', allowedActions: [] })) });

    renderDetail();
    const contract = await screen.findByRole('region', { name: 'Договор' });
    await choose(within(contract).getByLabelText('Загрузить договор'), fakeFile('Договор.pdf', 2048, 'application/pdf'));

    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: REFUSAL }));
    await waitFor(() => expect(gets).toBe(2));
    expect(await screen.findByText('Отменена исполнителем')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Договор' })).not.toBeInTheDocument();
  });

  it('a file over 20 MB is refused before any request', async () => {
    xhr = installFakeXhr();
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'executor_named', allowedActions: ['application/contract/upload'] })) });
    renderDetail();
    await choose(await screen.findByLabelText('Загрузить договор'), fakeFile('big.pdf', 21 * 1024 * 1024, 'application/pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('Файл больше 20 МБ — сожмите его или разделите на части');
    expect(xhr.requests).toHaveLength(0);
  });

  it('lists the application documents with a download each', async () => {
    serveApi({
      'GET application/get': () =>
        ok(makeDetail({ documents: [{ id: 31, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 2048, public: true, createdAt: '2026-11-20T10:00:00Z' }] })),
    });
    renderDetail();
    const documents = await screen.findByRole('region', { name: 'Документы' });
    expect(within(documents).getByText('Смета.pdf')).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: 'Скачать «Смета.pdf»' })).toBeInTheDocument();
  });
});

describe('replacing the contract or the report', () => {
  const CONTRACT = contractAwaitingExecutor().contract!;
  const EXECUTOR_SIGNED: SignedDocument['signatures'] = [{ party: 'executor', signerName: EXECUTOR.name, signedAt: '2026-11-23T10:01:00.000Z' }];
  const contractSigned = (signatures: SignedDocument['signatures']) =>
    contractAwaitingExecutor({
      contract: { ...CONTRACT, signatures },
      allowedActions: ['application/contract/upload', 'application/contract/delete', 'application/contract/download'],
    });
  const newEdition = () => fakeFile('Договор v2.pdf', 2048, 'application/pdf');

  it('«Удалить договор?» speaks of signatures only when the contract has one (QA AAF-3)', async () => {
    for (const [signatures, description] of [
      [EXECUTOR_SIGNED, 'Подписи этого документа будут удалены вместе с ним.'],
      [[], ''],
    ] as const) {
      serveApi({ 'GET application/get': () => ok(contractSigned([...signatures])) });
      const user = userEvent.setup();
      const { unmount } = renderDetail();
      const contract = await screen.findByRole('region', { name: 'Договор' });
      await user.click(within(contract).getByRole('button', { name: 'Удалить договор' }));
      expect(screen.getByRole('dialog', { name: 'Удалить договор?' })).toHaveAccessibleDescription(description);
      unmount();
    }
  });

  /** The contract the executor has signed, open with its «Заменить договор» input; a new edition uploads unsigned. */
  async function openSignedContract() {
    xhr = installFakeXhr(() => ok({ ...CONTRACT, signatures: [] }));
    serveApi({ 'GET application/get': () => ok(contractSigned(EXECUTOR_SIGNED)) });
    const user = userEvent.setup();
    renderDetail();
    const contract = await screen.findByRole('region', { name: 'Договор' });
    return { user, contract, input: within(contract).getByLabelText('Заменить договор') };
  }

  it('signed by the other side: asks «Заменить договор?» before the picker; «Отмена» keeps it and the focus on the input', async () => {
    const { user, contract, input } = await openSignedContract();

    await user.upload(input, newEdition());
    const dialog = screen.getByRole('dialog', { name: 'Заменить договор?' });
    expect(dialog).toHaveAccessibleDescription('Подписи этого документа будут удалены: новую редакцию должны будут подписать обе стороны. До этого начать работу будет нельзя.');
    expect(xhr.requests).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(xhr.requests).toHaveLength(0);
    expect(within(contract).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('«Заменить» opens the picker, and the file chosen replaces the contract', async () => {
    const { user, contract, input } = await openSignedContract();
    const picker = jest.spyOn(input, 'click');

    await user.upload(input, newEdition());
    await user.click(within(screen.getByRole('dialog', { name: 'Заменить договор?' })).getByRole('button', { name: 'Заменить' }));
    expect(picker).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();

    // What the picker would give.
    await choose(input, newEdition());
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Договор загружен' }]));
    expect(xhr.requests.map((request) => request.file?.name)).toEqual(['Договор v2.pdf']);
  });

  it('the report asks in its own words', async () => {
    actAs(EXECUTOR);
    xhr = installFakeXhr();
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'in_work',
            executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
            report: { ...CONTRACT, id: 901, name: 'Отчёт.pdf', signatures: EXECUTOR_SIGNED },
            allowedActions: ['application/document-report/upload', 'application/document-report/download'],
          }),
        ),
    });
    const user = userEvent.setup();
    renderDetail();
    const report = await screen.findByRole('region', { name: 'Отчёт о выполнении' });

    await user.upload(within(report).getByLabelText('Заменить отчёт'), fakeFile('Отчёт v2.pdf', 2048, 'application/pdf'));
    expect(screen.getByRole('dialog', { name: 'Заменить отчёт?' })).toHaveAccessibleDescription('Подписи этого документа будут удалены: новую редакцию должны будут подписать обе стороны. До этого принять работу будет нельзя.');
    expect(xhr.requests).toHaveLength(0);
  });

  describe('a file set on the input without its click (no picker opened by the page: an assistive or automation tool)', () => {
    const BOTH_SIGNED: SignedDocument['signatures'] = [{ party: 'customer', signerName: CUSTOMER.name, signedAt: '2026-11-23T09:01:00.000Z' }, ...EXECUTOR_SIGNED];

    async function setOnSignedContract() {
      xhr = installFakeXhr(() => ok({ ...CONTRACT, signatures: [] }));
      serveApi({ 'GET application/get': () => ok(contractSigned(BOTH_SIGNED)) });
      const user = userEvent.setup();
      renderDetail();
      const contract = await screen.findByRole('region', { name: 'Договор' });
      const input = within(contract).getByLabelText('Заменить договор') as HTMLInputElement;
      await choose(input, newEdition());
      return { user, contract, input };
    }

    it('signed by both: asks «Заменить договор?» before anything goes up; «Отмена» keeps both signatures and drops the file', async () => {
      const { user, contract, input } = await setOnSignedContract();

      const dialog = screen.getByRole('dialog', { name: 'Заменить договор?' });
      expect(dialog).toHaveAccessibleDescription('Подписи этого документа будут удалены: новую редакцию должны будут подписать обе стороны. До этого начать работу будет нельзя.');
      expect(xhr.requests).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(xhr.requests).toHaveLength(0);
      expect(input.value).toBe('');
      expect(within(contract).getByText('Заказчик: подписан — Иван Петров,', { exact: false })).toBeInTheDocument();
      expect(within(contract).getByText('Исполнитель: подписан — Пётр Сидоров,', { exact: false })).toBeInTheDocument();
      expect(toasts).toEqual([]);
    });

    it('«Заменить» uploads the file that was held, once', async () => {
      const { user } = await setOnSignedContract();

      await user.click(within(screen.getByRole('dialog', { name: 'Заменить договор?' })).getByRole('button', { name: 'Заменить' }));
      await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Договор загружен' }]));
      expect(xhr.requests.map((request) => request.file?.name)).toEqual(['Договор v2.pdf']);
    });
  });

  it('signed by nobody: replaced at once, without a question', async () => {
    xhr = installFakeXhr(() => ok(CONTRACT));
    serveApi({ 'GET application/get': () => ok(contractSigned([])) });
    const user = userEvent.setup();
    renderDetail();
    const contract = await screen.findByRole('region', { name: 'Договор' });

    await user.upload(within(contract).getByLabelText('Заменить договор'), newEdition());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Договор загружен' }]));
    expect(xhr.requests).toHaveLength(1);
  });
});

const PHOTO: DocumentInfo = { id: 31, name: 'photo.png', mimeType: 'image/png', sizeBytes: 2048, public: false, createdAt: '2026-11-20T10:00:00Z' };
const ESTIMATE: DocumentInfo = { id: 32, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 4096, public: true, createdAt: '2026-11-20T11:00:00Z' };

/** `application/get` answers `before` until the delete went through, then `after`. */
function serveDelete(before: ApplicationLkDetail, after: ApplicationLkDetail, answer: () => ReturnType<typeof ok>) {
  let deleted = false;
  return serveApi({
    'GET application/get': () => ok(deleted ? after : before),
    'POST application/document/delete': () => {
      const result = answer();
      deleted = (result.status ?? 200) === 200;
      return result;
    },
  });
}

const documentsRegion = () => screen.findByRole('region', { name: 'Документы' });

describe('the documents’ audience', () => {
  it('a document for the deal’s parties only says so in its item, in the form’s words; a public one says it is seen by all', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ documents: [PHOTO, ESTIMATE] })) });
    renderDetail();
    const documents = await documentsRegion();
    const [photo, estimate] = within(documents).getAllByRole('listitem');
    expect(photo).toHaveTextContent('photo.png');
    expect(within(photo!).getByText(/виден участникам сделки/)).toBeInTheDocument();
    expect(estimate).toHaveTextContent('Смета.pdf');
    expect(within(estimate!).getByText(/виден всем/)).toBeInTheDocument();
    expect(within(estimate!).queryByText(/виден участникам сделки/)).not.toBeInTheDocument();
  });
});

describe('removing a document', () => {
  it('the customer confirms «Удалить», the call names the document, the list loses it and the focus goes to the next one', async () => {
    const api = serveDelete(makeDetail({ status: 'draft', documents: [PHOTO, ESTIMATE] }), makeDetail({ status: 'draft', documents: [ESTIMATE] }), () => ok({ id: PHOTO.id }, 'Документ удалён'));
    const user = userEvent.setup();
    renderDetail();
    const documents = await documentsRegion();

    await user.click(within(documents).getByRole('button', { name: 'Удалить документ photo.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить документ «photo.png»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST application/document/delete')).toHaveLength(0);

    await user.click(within(documents).getByRole('button', { name: 'Удалить документ photo.png' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Удалить документ «photo.png»?' })).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(within(documents).queryByText('photo.png')).not.toBeInTheDocument());
    expect(api.callsTo('POST application/document/delete').map((call) => call.body)).toEqual([{ id: PHOTO.id }]);
    expect(toasts).toEqual([{ type: 'success', message: 'Документ удалён' }]);
    expect(within(documents).getByText('Смета.pdf')).toBeInTheDocument();
    await waitFor(() => expect(within(documents).getByRole('button', { name: 'Удалить документ Смета.pdf' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the last one gone, the focus goes to the heading; without a server message the toast says «Документ удалён»', async () => {
    serveDelete(makeDetail({ status: 'in_work', documents: [PHOTO] }), makeDetail({ status: 'in_work', documents: [] }), () => ok({ id: PHOTO.id }));
    const user = userEvent.setup();
    renderDetail();
    const documents = await documentsRegion();

    await user.click(within(documents).getByRole('button', { name: 'Удалить документ photo.png' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));

    expect(await within(documents).findByText('Документов нет.')).toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Документ удалён' }]);
    await waitFor(() => expect(within(documents).getByRole('heading', { name: 'Документы' })).toHaveFocus());
  });

  it('a refusal shows the server\'s message and the document stays', async () => {
    const detail = makeDetail({ status: 'published', documents: [PHOTO] });
    const api = serveDelete(detail, detail, () => fail(409, 'Заявка закрыта: документы к ней изменить нельзя'));
    const user = userEvent.setup();
    renderDetail();
    const documents = await documentsRegion();

    await user.click(within(documents).getByRole('button', { name: 'Удалить документ photo.png' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Заявка закрыта: документы к ней изменить нельзя' }]));
    expect(api.callsTo('POST application/document/delete')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(documents).getByText('photo.png')).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: 'Удалить документ photo.png' })).toHaveFocus();
  });

  it.each([
    ['the named executor', EXECUTOR, 'in_work'],
    ['the customer of a closed application', CUSTOMER, 'closed'],
  ] as const)('%s gets no «Удалить», only «Скачать»', async (_who, profile, status) => {
    actAs(profile);
    serveApi({
      'GET application/get': () => ok(makeDetail({ status, executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' }, documents: [PHOTO] })),
    });
    renderDetail();
    const documents = await documentsRegion();
    expect(within(documents).getByRole('button', { name: 'Скачать «photo.png»' })).toBeInTheDocument();
    expect(within(documents).queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
  });
});
