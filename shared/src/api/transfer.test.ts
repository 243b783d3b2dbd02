import {
  applicationDocumentPublicDownload,
  applicationDocumentUpload,
  applicationSbpQrDownload,
  DOWNLOAD_ERROR_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_FILE_BYTES,
  OPEN_FILE_ERROR_MESSAGE,
} from '../contract';
import { bus } from '../bus/bus';
import { useSessionStore } from '../session/session-store';
import { API_URL, fail, fakeFile, installFakeXhr, ok, setTestRuntimeConfig, stubFetch } from '../testing';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { downloadFile, fileNameFrom, openFile, sortChosenFiles, uploadFile, uploadRefusal } from './transfer';

const toasts: unknown[] = [];
const saved: { href: string; download: string }[] = [];
const DOCUMENT = { id: 9, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 2048, public: false, createdAt: '2026-11-20T10:00:00.000Z' };
const RENEWED = { data: { token: 'new-token', refresh_token: 'new-refresh' } };

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  toasts.length = 0;
  saved.length = 0;
  bus.clear();
  bus.on('toast:show', (toast) => toasts.push(toast));
  URL.createObjectURL = jest.fn(() => 'blob:http://localhost/file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  useSessionStore.getState().clear();
  jest.restoreAllMocks();
});

describe('downloadFile', () => {
  test('fetches the file from the API with the bearer and saves it under the name the server gave', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const fetchMock = stubFetch(() => ({
      body: null,
      blob: new Blob(['%PDF'], { type: 'application/pdf' }),
      headers: { 'Content-Disposition': "attachment; filename=\"smeta.pdf\"; filename*=UTF-8''%D0%A1%D0%BC%D0%B5%D1%82%D0%B0.pdf" },
    }));

    await expect(downloadFile(applicationDocumentPublicDownload, { id: 5 }, 'Документ')).resolves.toBe(true);

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${API_URL}/api/application/document/public/download?id=5`);
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
    expect(saved).toEqual([{ href: 'blob:http://localhost/file', download: 'Смета.pdf' }]);
    expect(toasts).toEqual([]);
  });

  test('a guest downloads without an Authorization header', async () => {
    const fetchMock = stubFetch(() => ({ body: null, blob: new Blob(['x']) }));
    await downloadFile(applicationDocumentPublicDownload, { id: 5 }, 'Акт.pdf');
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(saved[0]?.download).toBe('Акт.pdf');
  });

  test("a failure shows the server's message as an error toast", async () => {
    stubFetch(() => fail(404, 'Документ не найден'));
    await expect(downloadFile(applicationDocumentPublicDownload, { id: 5 }, 'Акт.pdf')).resolves.toBe(false);
    expect(toasts).toEqual([{ type: 'error', message: 'Документ не найден' }]);
    expect(saved).toEqual([]);
  });

  test(`a failure without a message, or no answer at all, shows «${DOWNLOAD_ERROR_MESSAGE}»`, async () => {
    stubFetch(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await downloadFile(applicationDocumentPublicDownload, { id: 5 }, 'Акт.pdf');
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await downloadFile(applicationDocumentPublicDownload, { id: 5 }, 'Акт.pdf');
    expect(toasts).toEqual([
      { type: 'error', message: DOWNLOAD_ERROR_MESSAGE },
      { type: 'error', message: DOWNLOAD_ERROR_MESSAGE },
    ]);
  });

  test('a party download renews an expired session once on 401 and retries with the new token', async () => {
    useSessionStore.getState().setTokens('old-token', 'old-refresh');
    const bearers: (string | undefined)[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/token/renew') return ok(RENEWED.data);
      const bearer = (init?.headers as Record<string, string>).Authorization;
      bearers.push(bearer);
      return bearer === 'Bearer new-token' ? { body: null, blob: new Blob(['%PDF']) } : fail(401, 'Токен истёк');
    });

    await expect(downloadFile(applicationSbpQrDownload, { id: 3 }, 'QR.png')).resolves.toBe(true);

    expect(bearers).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/token/renew'))).toHaveLength(1);
    expect(saved[0]?.download).toBe('QR.png');
  });

  test('a party download names the profile the tab shows (X-Profile-Id, QA WW-1); a public one none', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    useSessionStore.getState().setProfiles([{ id: 7, type: 'organization', name: 'ООО «СтройИнвест»', active: true }]);
    useSessionStore.getState().setUser({ id: 2, phone: '79990000002', name: 'Иван Петров', email: null, activeProfileId: 7 });
    const fetchMock = stubFetch(() => ({ body: null, blob: new Blob(['%PDF']) }));
    await downloadFile(applicationSbpQrDownload, { id: 3 }, 'QR.png');
    await downloadFile(applicationDocumentPublicDownload, { id: 5 }, 'Акт.pdf');
    const headersOf = (n: number) => (fetchMock.mock.calls[n]![1] as RequestInit).headers as Record<string, string>;
    expect(headersOf(0)['X-Profile-Id']).toBe('7');
    expect(headersOf(1)).not.toHaveProperty('X-Profile-Id');
  });

  test('a party download refused as sent for the profile the page showed (409 profile_changed) is not fetched again as the one active now (QA XX-1): its message is said, the tab catches up', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const profile = (id: number) => {
      useSessionStore.getState().setProfiles([
        { id: 7, type: 'organization', name: 'ООО «СтройИнвест»', active: id === 7 },
        { id: 2, type: 'executor', name: 'Иван Петров', active: id === 2 },
      ]);
      useSessionStore.getState().setUser({ id: 2, phone: '79990000002', name: 'Иван Петров', email: null, activeProfileId: id });
    };
    profile(7);
    const changed = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
    const fetchMock = stubFetch((_url, init) =>
      (init?.headers as Record<string, string>)['X-Profile-Id'] === '7' ? fail(409, changed, { code: 'profile_changed' }) : fail(403, 'Документ принадлежит другому профилю'),
    );
    // The shell's resync: the profiles read again, the server's active one is 2.
    bus.on('session:profile-changed', () => void Promise.resolve().then(() => profile(2)));

    await expect(downloadFile(applicationSbpQrDownload, { id: 3 }, 'QR.png')).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([{ type: 'error', message: changed }]);
    expect(saved).toEqual([]);
  });

  test('reads plain and encoded file names from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="act.pdf"', 'x')).toBe('act.pdf');
    expect(fileNameFrom("attachment; filename*=UTF-8''%D0%90%D0%BA%D1%82.pdf", 'x')).toBe('Акт.pdf');
    expect(fileNameFrom(null, 'Документ')).toBe('Документ');
  });
});

describe('openFile', () => {
  test('opens the tab before the request (no popup blocking), then points it at the file', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    const order: string[] = [];
    jest.spyOn(window, 'open').mockImplementation(() => {
      order.push('open');
      return tab as unknown as Window;
    });
    stubFetch(() => {
      order.push('fetch');
      return { body: null, blob: new Blob(['png'], { type: 'image/png' }) };
    });

    const opened = openFile(applicationSbpQrDownload, { id: 3 });
    // Synchronously, inside the click that called it: the browser allows the popup only then.
    expect(order[0]).toBe('open');
    await expect(opened).resolves.toBe(true);

    expect(order).toEqual(['open', 'fetch']);
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('blob:http://localhost/file');
  });

  test(`closes the tab on failure and shows «${OPEN_FILE_ERROR_MESSAGE}» when the server says nothing`, async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    stubFetch(() => ({ status: 500, body: '' }));

    await expect(openFile(applicationSbpQrDownload, { id: 3 })).resolves.toBe(false);
    expect(tab.close).toHaveBeenCalled();
    expect(toasts).toEqual([{ type: 'error', message: OPEN_FILE_ERROR_MESSAGE }]);
  });
});

describe('uploadFile', () => {
  const upload = (file: File, extra: Partial<Parameters<typeof uploadFile>[1]> = {}) =>
    uploadFile(applicationDocumentUpload, { fields: { id: '12', public: 'true' }, file, ...extra });

  test('sends the profile the tab shows as X-Profile-Id, as every write does (QA RR-1)', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    useSessionStore.getState().setProfiles([{ id: 7, type: 'organization', name: 'ООО «СтройИнвест»', active: true }]);
    useSessionStore.getState().setUser({ id: 2, phone: '79990000002', name: 'Иван Петров', email: null, activeProfileId: 7 });
    const xhr = installFakeXhr();
    const done = upload(fakeFile('Смета.pdf', 2048));
    await Promise.resolve();
    expect(xhr.requests[0]?.headers['X-Profile-Id']).toBe('7');
    xhr.requests[0]?.respond(ok(DOCUMENT));
    await done;
  });

  test('sends multipart with the fields first and the file last, reporting progress, and parses the envelope', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const xhr = installFakeXhr();
    const progress: number[] = [];
    const done = upload(fakeFile('Смета.pdf', 2048), { onProgress: (f) => progress.push(f) });
    await Promise.resolve();

    const [request] = xhr.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`${API_URL}/api/application/document/upload`);
    expect(request?.headers.Authorization).toBe('Bearer access-1');
    expect(request?.entries.map(([name]) => name)).toEqual(['id', 'public', 'file']);
    expect(request?.fields).toEqual({ id: '12', public: 'true' });
    expect(request?.file?.name).toBe('Смета.pdf');
    request?.progress(512, 2048);
    request?.progress(2048, 2048);
    request?.respond(ok(DOCUMENT, 'Документ загружен'));

    await expect(done).resolves.toEqual({ data: DOCUMENT, message: 'Документ загружен' });
    expect(progress).toEqual([0.25, 1, 1]);
    xhr.restore();
  });

  test('renews the session once on 401 and sends the file again with the new token', async () => {
    useSessionStore.getState().setTokens('old-token', 'old-refresh');
    const fetchMock = stubFetch(() => ok(RENEWED.data));
    const xhr = installFakeXhr((request) => (request.headers.Authorization === 'Bearer new-token' ? ok(DOCUMENT) : fail(401, 'Токен истёк')));

    await expect(upload(fakeFile('Смета.pdf'))).resolves.toEqual({ data: DOCUMENT });

    expect(xhr.requests.map((r) => r.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    // The same upload sent again: the same Idempotency-Key (QA EEE-2); another upload names itself anew.
    const [first, again] = xhr.requests.map((r) => r.headers['Idempotency-Key']);
    expect(first).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(again).toBe(first);
    await upload(fakeFile('План.pdf'));
    expect(xhr.requests[2]?.headers['Idempotency-Key']).not.toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${API_URL}/api/token/renew`);
    xhr.restore();
  });

  test.each([
    [413, 'Файл больше 20 МБ — сожмите его или разделите на части', 'file_too_large'],
    [415, 'Недопустимый тип файла: допустимы PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG', 'file_type_refused'],
  ])("a %i answer rejects with the envelope's message", async (status, message, code) => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const xhr = installFakeXhr(() => ({ status, body: { message, code } }));
    await expect(upload(fakeFile('Смета.pdf'))).rejects.toEqual(expect.objectContaining({ status, code, message }));
    xhr.restore();
  });

  test('refuses a file over 20 MB, or of another type, before any request', async () => {
    const xhr = installFakeXhr(() => ok(DOCUMENT));
    await expect(upload(fakeFile('Смета.pdf', MAX_FILE_BYTES + 1))).rejects.toMatchObject({ status: 413, message: FILE_TOO_LARGE_MESSAGE });
    await expect(upload(fakeFile('вирус.exe'))).rejects.toMatchObject({ status: 415, message: FILE_TYPE_MESSAGE });
    await expect(upload(fakeFile('Фото.JPEG', MAX_FILE_BYTES))).resolves.toEqual({ data: DOCUMENT });
    expect(xhr.requests).toHaveLength(1);
    xhr.restore();
  });

  test('the signal cancels the upload with an AbortError; a lost connection is a network ApiError', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const xhr = installFakeXhr();
    const controller = new AbortController();
    const cancelled = upload(fakeFile('Смета.pdf'), { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.requests[0]?.aborted).toBe(true);

    const lost = upload(fakeFile('Смета.pdf'));
    await Promise.resolve();
    xhr.requests[1]?.fail();
    await expect(lost).rejects.toBeInstanceOf(ApiError);
    await expect(lost).rejects.toMatchObject({ status: 0 });
    xhr.restore();
  });

  test('a connection cut at any point of the body is an answer not had: the server may have the file (QA HHH-1)', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const xhr = installFakeXhr();
    // The upload's events count bytes handed to the system, not those the server got: a third
    // reported sent says nothing of what was stored, nor does the whole.
    for (const [index, loaded] of [1_000_000, 3_000_000].entries()) {
      const cut = upload(fakeFile('Смета.pdf', 3_000_000));
      await Promise.resolve();
      xhr.requests[index]?.cut(loaded, 3_000_000);
      await expect(cut).rejects.toMatchObject({ status: 0, outcomeUnknown: true, message: NETWORK_ERROR_MESSAGE });
    }
    xhr.restore();
  });

  test('sends several files, each in field `file` after the fields, with one progress for them all', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const xhr = installFakeXhr();
    const progress: number[] = [];
    const files = [fakeFile('План.pdf', 1024), fakeFile('Фото.png', 3072)];
    const done = uploadFile(applicationDocumentUpload, { fields: { id: '12', public: 'false' }, files, onProgress: (f) => progress.push(f) });
    await Promise.resolve();

    const [request] = xhr.requests;
    expect(request?.entries.map(([name]) => name)).toEqual(['id', 'public', 'file', 'file']);
    expect(request?.files.map((file) => file.name)).toEqual(['План.pdf', 'Фото.png']);
    request?.progress(2048, 4096);
    request?.respond(ok(DOCUMENT));
    await expect(done).resolves.toEqual({ data: DOCUMENT });
    expect(progress).toEqual([0.5, 1]);
    xhr.restore();
  });

  test('with several files, one the API would refuse stops the request and is named; none at all sends the fields alone', async () => {
    useSessionStore.getState().setTokens('access-1', 'refresh-1');
    const xhr = installFakeXhr(() => ok(DOCUMENT));
    const files = [fakeFile('План.pdf'), fakeFile('вирус.exe')];
    await expect(uploadFile(applicationDocumentUpload, { fields: { id: '12' }, files })).rejects.toMatchObject({ status: 415, message: `«вирус.exe»: ${FILE_TYPE_MESSAGE}` });
    expect(xhr.requests).toHaveLength(0);

    await expect(uploadFile(applicationDocumentUpload, { fields: { id: '12' }, files: [] })).resolves.toEqual({ data: DOCUMENT });
    expect(xhr.requests[0]?.entries.map(([name]) => name)).toEqual(['id']);
    xhr.restore();
  });
});

test('files chosen together: the good ones kept in their order, each refused one named with its reason', () => {
  const file = (name: string, size: number) => Object.defineProperty(new File(['x'], name), 'size', { value: size });
  const { accepted, refusals } = sortChosenFiles([
    file('Смета.pdf', 10),
    file('virus.exe', 10),
    file('Большой.pdf', MAX_FILE_BYTES + 1),
    file('Пустой.docx', 0),
    file('Фото.jpg', 20),
  ]);
  expect(accepted.map((f) => f.name)).toEqual(['Смета.pdf', 'Фото.jpg']);
  expect(refusals).toEqual([
    `«virus.exe»: ${FILE_TYPE_MESSAGE}`,
    `«Большой.pdf»: ${FILE_TOO_LARGE_MESSAGE}`,
    `«Пустой.docx»: ${uploadRefusal({ name: 'Пустой.docx', size: 0 })!.message}`,
  ]);
  expect(sortChosenFiles([])).toEqual({ accepted: [], refusals: [] });
});
