import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeFile, installFakeXhr, ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, contractAwaitingExecutor, CUSTOMER, makeDetail } from './testing/fixtures';
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
    expect(within(contract).getByText(/150\sКБ/)).toBeInTheDocument();
    expect(within(contract).getByLabelText('Заменить договор')).toBeInTheDocument();
    expect(within(contract).getByRole('button', { name: 'Удалить договор' })).toBeInTheDocument();
    // The customer has signed already: nothing to sign for it.
    expect(within(contract).queryByRole('button', { name: 'Подписать договор' })).not.toBeInTheDocument();
  });

  it('a file over 20 MB is refused before any request', async () => {
    xhr = installFakeXhr();
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'executor_named', allowedActions: ['application/contract/upload'] })) });
    renderDetail();
    await choose(await screen.findByLabelText('Загрузить договор'), fakeFile('big.pdf', 21 * 1024 * 1024, 'application/pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('Файл больше 20 МБ');
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
