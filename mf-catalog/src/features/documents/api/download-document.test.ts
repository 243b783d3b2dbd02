import { applicationDocumentPublicDownload, bus, DOWNLOAD_ERROR_MESSAGE, useSessionStore } from 'shared';
import { API_URL, setTestRuntimeConfig, stubFetch } from '../../../testing/render-route';
import { downloadDocument, fileNameFrom } from './download-document';

const toasts: unknown[] = [];
const saved: { href: string; download: string }[] = [];

beforeEach(() => {
  setTestRuntimeConfig();
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

test('fetches the file from the API with the bearer and saves it under the name the server gave', async () => {
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  const fetchMock = stubFetch(() => ({
    body: null,
    blob: new Blob(['%PDF'], { type: 'application/pdf' }),
    headers: { 'Content-Disposition': "attachment; filename=\"smeta.pdf\"; filename*=UTF-8''%D0%A1%D0%BC%D0%B5%D1%82%D0%B0.pdf" },
  }));

  await expect(downloadDocument(applicationDocumentPublicDownload, 5, 'Документ')).resolves.toBe(true);

  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe(`${API_URL}/api/application/document/public/download?id=5`);
  expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-1');
  expect(saved).toEqual([{ href: 'blob:http://localhost/file', download: 'Смета.pdf' }]);
  expect(toasts).toEqual([]);
});

test('a guest downloads without an Authorization header', async () => {
  const fetchMock = stubFetch(() => ({ body: null, blob: new Blob(['x']) }));
  await downloadDocument(applicationDocumentPublicDownload, 5, 'Акт.pdf');
  const init = fetchMock.mock.calls[0]![1] as RequestInit;
  expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  expect(saved[0]?.download).toBe('Акт.pdf');
});

test("a failure shows the server's message as an error toast", async () => {
  stubFetch(() => ({ status: 404, body: { message: 'Документ не найден', code: 'not_found' } }));
  await expect(downloadDocument(applicationDocumentPublicDownload, 5, 'Акт.pdf')).resolves.toBe(false);
  expect(toasts).toEqual([{ type: 'error', message: 'Документ не найден' }]);
  expect(saved).toEqual([]);
});

test(`a failure without a message, or no answer at all, shows «${DOWNLOAD_ERROR_MESSAGE}»`, async () => {
  stubFetch(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
  await downloadDocument(applicationDocumentPublicDownload, 5, 'Акт.pdf');
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  await downloadDocument(applicationDocumentPublicDownload, 5, 'Акт.pdf');
  expect(toasts).toEqual([
    { type: 'error', message: DOWNLOAD_ERROR_MESSAGE },
    { type: 'error', message: DOWNLOAD_ERROR_MESSAGE },
  ]);
});

test('reads plain and encoded file names from Content-Disposition', () => {
  expect(fileNameFrom('attachment; filename="act.pdf"', 'x')).toBe('act.pdf');
  expect(fileNameFrom("attachment; filename*=UTF-8''%D0%90%D0%BA%D1%82.pdf", 'x')).toBe('Акт.pdf');
  expect(fileNameFrom(null, 'Документ')).toBe('Документ');
});
