import { act, fireEvent, isInaccessible, render, screen } from '@testing-library/react';
import { applicationDocumentUpload, FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from '../contract';
import { useSessionStore } from '../session/session-store';
import { fail, fakeFile, installFakeXhr, ok, setTestRuntimeConfig } from '../testing';
import { FileInput, FileUpload, UPLOAD_UNANSWERED_MESSAGE } from './file-upload';

const DOCUMENT = { id: 9, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 2048, public: false, createdAt: '2026-11-20T10:00:00.000Z' };
let xhr: ReturnType<typeof installFakeXhr>;

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  xhr = installFakeXhr();
});

afterEach(() => {
  xhr.restore();
  useSessionStore.getState().clear();
});

function renderUpload(onUploaded = jest.fn()) {
  render(<FileUpload label="Документы заявки" call={applicationDocumentUpload} fields={{ id: '12' }} onUploaded={onUploaded} />);
  return { onUploaded, input: screen.getByLabelText('Документы заявки') };
}

const choose = (input: HTMLElement, file: File) => act(async () => void fireEvent.change(input, { target: { files: [file] } }));

test('a labelled file input that accepts the allowed types and says the limits', () => {
  const { input } = renderUpload();
  expect(input).toHaveAttribute('type', 'file');
  // The button one sees is the input's second label, in Russian whatever the browser's language.
  expect(input).toHaveAccessibleName('Документы заявки Выбрать файл');
  expect(screen.getByText('Выбрать файл', { selector: 'label' })).toHaveAttribute('for', input.id);
  expect(input.getAttribute('accept')).toContain('.pdf');
  expect(input.getAttribute('accept')).toContain('.xlsx');
  expect(input).toHaveAccessibleDescription(/PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG; до 20\sМБ/);
});

test('the button one sees is heard once: in the input\'s name, not again as text after it', () => {
  const { input } = renderUpload();
  expect(input).toHaveAccessibleName('Документы заявки Выбрать файл');
  expect(isInaccessible(screen.getByText('Выбрать файл', { selector: 'label' }))).toBe(true);
  // The field's own label is read where it stands, as any field's.
  expect(isInaccessible(screen.getByText('Документы заявки', { selector: 'label' }))).toBe(false);
});

test('without a label of its own, the button names the input alone and is heard once', () => {
  render(<FileInput id="attach" multiple buttonText="Прикрепить файлы" />);
  expect(screen.getByLabelText('Прикрепить файлы')).toHaveAccessibleName('Прикрепить файлы');
  expect(isInaccessible(screen.getByText('Прикрепить файлы', { selector: 'label' }))).toBe(true);
});

test("a field's label the input cannot point to (no id) still names it, with the button's words", () => {
  render(
    <>
      <label htmlFor="docs">Документы объекта</label>
      <FileInput id="docs" multiple />
    </>,
  );
  expect(screen.getByLabelText('Документы объекта', { exact: false })).toHaveAccessibleName('Документы объекта Выбрать файлы');
});

test('says the name the server kept when it differs from the chosen one (a picture named .pdf is kept as .pdf.png, QA M-3)', async () => {
  const { input } = renderUpload();
  await choose(input, fakeFile('скан.pdf', 2048));
  await act(async () => xhr.requests[0]?.respond(ok({ ...DOCUMENT, name: 'скан.pdf.png' })));
  expect(screen.getByRole('status')).toHaveTextContent('Файл «скан.pdf» загружен как «скан.pdf.png»');
});

test('shows the name and the progress in percent, then hands the uploaded document over', async () => {
  const { input, onUploaded } = renderUpload();
  await choose(input, fakeFile('Смета.pdf', 2048));

  expect(screen.getByText('Смета.pdf')).toBeInTheDocument();
  const bar = screen.getByRole('progressbar', { name: 'Загрузка файла «Смета.pdf»' });
  expect(input).toBeDisabled();
  await act(async () => xhr.requests[0]?.progress(1024, 2048));
  expect(bar).toHaveAttribute('value', '50');
  expect(screen.getByText('50%', { selector: '.ui-file-upload__percent' })).toBeInTheDocument();

  await act(async () => xhr.requests[0]?.respond(ok(DOCUMENT)));
  expect(onUploaded).toHaveBeenCalledWith(DOCUMENT);
  expect(screen.getByRole('status')).toHaveTextContent('Файл «Смета.pdf» загружен');
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(input).toBeEnabled();
  expect(xhr.requests[0]?.fields).toEqual({ id: '12' });
});

test('where the caller\'s own toast says the upload is done, its status does not say it again', async () => {
  const onUploaded = jest.fn();
  render(<FileUpload label="Загрузить договор" call={applicationDocumentUpload} fields={{ id: '12' }} onUploaded={onUploaded} announceUploaded={false} />);
  const input = screen.getByLabelText('Загрузить договор', { exact: false });
  await act(async () => void fireEvent.change(input, { target: { files: [fakeFile('Смета.pdf', 2048), fakeFile('Акт.pdf', 1024)] } }));

  await act(async () => xhr.requests[0]?.respond(ok(DOCUMENT)));
  expect(onUploaded).toHaveBeenCalledWith(DOCUMENT);
  expect(screen.getByRole('status')).not.toHaveTextContent('загружен»');
  expect(screen.queryByText(/Файл «Смета\.pdf» загружен/)).not.toBeInTheDocument();
  // What the caller's toast does not know is still said: the file left out.
  expect(screen.getByRole('status')).toHaveTextContent('Файл «Акт.pdf» не загружен: можно загрузить один файл за раз');
});

test('the focus the disabled input lost during the upload comes back to it, not left on the body', async () => {
  const { input } = renderUpload();
  act(() => input.focus());
  await choose(input, fakeFile('Смета.pdf', 2048));
  expect(input).toBeDisabled();
  // What the browser does to a focused control that becomes disabled: its focus falls to <body>
  // (jsdom keeps it there, and blurs no disabled control: a removed one stands in).
  act(() => {
    const other = document.body.appendChild(document.createElement('button'));
    other.focus();
    other.remove();
  });
  expect(document.body).toHaveFocus();

  await act(async () => xhr.requests[0]?.respond(ok(DOCUMENT)));
  expect(input).toBeEnabled();
  expect(input).toHaveFocus();
});

test('a file chosen from the focused input: «Отменить загрузку» takes the focus while it uploads, then the input has it back', async () => {
  const { input } = renderUpload();
  act(() => input.focus());
  await choose(input, fakeFile('Смета.pdf', 2048));
  // The input is disabled now: the focus is on the way to stop it, never on <body>.
  expect(input).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Отменить загрузку' })).toHaveFocus();

  await act(async () => xhr.requests[0]?.respond(ok(DOCUMENT)));
  expect(screen.queryByRole('button', { name: 'Отменить загрузку' })).not.toBeInTheDocument();
  expect(input).toHaveFocus();
});

test('«Отменить загрузку» pressed: the focus goes back to the input, not to the body', async () => {
  const { input } = renderUpload();
  act(() => input.focus());
  await choose(input, fakeFile('Смета.pdf', 2048));
  const cancel = screen.getByRole('button', { name: 'Отменить загрузку' });
  expect(cancel).toHaveFocus();
  await act(async () => fireEvent.click(cancel));
  expect(screen.getByRole('status')).toHaveTextContent('Загрузка отменена');
  expect(input).toBeEnabled();
  expect(input).toHaveFocus();
});

test('a file dropped while the focus is elsewhere: the upload leaves the focus where it is', async () => {
  const { input } = renderUpload();
  const elsewhere = document.body.appendChild(document.createElement('button'));
  act(() => elsewhere.focus());
  await choose(input, fakeFile('Смета.pdf', 2048));
  expect(elsewhere).toHaveFocus();
  await act(async () => xhr.requests[0]?.respond(ok(DOCUMENT)));
  expect(elsewhere).toHaveFocus();
  elsewhere.remove();
});

test('the cancel button aborts the upload', async () => {
  const { input, onUploaded } = renderUpload();
  await choose(input, fakeFile('Смета.pdf'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Отменить загрузку' })));
  expect(xhr.requests[0]?.aborted).toBe(true);
  expect(screen.getByRole('status')).toHaveTextContent('Загрузка отменена');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(onUploaded).not.toHaveBeenCalled();
});

test("the server's refusal and the size check speak Russian in an alert", async () => {
  const { input } = renderUpload();
  await choose(input, fakeFile('Смета.pdf'));
  await act(async () => xhr.requests[0]?.respond(fail(409, 'Документы можно добавлять только к своей заявке')));
  expect(screen.getByRole('alert')).toHaveTextContent('«Смета.pdf»: Документы можно добавлять только к своей заявке');
  expect(input).toHaveAttribute('aria-invalid', 'true');

  await choose(input, fakeFile('Огромный.pdf', MAX_FILE_BYTES + 1));
  expect(screen.getByRole('alert')).toHaveTextContent(FILE_TOO_LARGE_MESSAGE);
  expect(xhr.requests).toHaveLength(1);
});

test('an upload whose answer was lost says the document may be kept and that sending it again adds no copy (QA CCC-2)', async () => {
  const { input, onUploaded } = renderUpload();
  await choose(input, fakeFile('Смета.pdf'));
  // The connection broke after the request went: the server may have stored the file.
  await act(async () => xhr.requests[0]?.fail());
  expect(screen.getByRole('alert')).toHaveTextContent(`«Смета.pdf»: ${UPLOAD_UNANSWERED_MESSAGE}`);
  expect(UPLOAD_UNANSWERED_MESSAGE).toBe('Ответ сервера не получен: документ мог сохраниться. Загрузите его ещё раз — второй копии не появится.');
  expect(screen.queryByText(/Сервер недоступен/)).not.toBeInTheDocument();

  // A proxy answered for the API (504): the same.
  await choose(input, fakeFile('Смета.pdf'));
  await act(async () => xhr.requests[1]?.respond(fail(504, 'Gateway Timeout')));
  expect(screen.getByRole('alert')).toHaveTextContent(`«Смета.pdf»: ${UPLOAD_UNANSWERED_MESSAGE}`);

  // Sent again, the server answers the document it kept: handed over once.
  await choose(input, fakeFile('Смета.pdf'));
  await act(async () => xhr.requests[2]?.respond(ok(DOCUMENT)));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(onUploaded).toHaveBeenCalledTimes(1);
  expect(onUploaded).toHaveBeenCalledWith(DOCUMENT);
});

// What a drop puts into the input is tested in Chromium (e2e/deal.spec.ts): jsdom has no FileList to give it.
test('the button takes files dragged over it, and shows it until they leave or drop', () => {
  renderUpload();
  const button = screen.getByText('Выбрать файл', { selector: 'label' });
  const dataTransfer = { files: [fakeFile('Смета.pdf', 2048)], types: ['Files'] };

  expect(fireEvent.dragOver(button, { dataTransfer })).toBe(false); // accepted: the browser would otherwise open the file
  expect(button.parentElement).toHaveClass('ui-file-input--over');
  fireEvent.dragLeave(button);
  expect(button.parentElement).not.toHaveClass('ui-file-input--over');
  // Text dragged over it is not a file: the browser keeps its default.
  expect(fireEvent.dragOver(button, { dataTransfer: { files: [], types: ['text/plain'] } })).toBe(true);
  expect(button.parentElement).not.toHaveClass('ui-file-input--over');
});

test('a disabled file input takes no drop, and several files get a plural button', async () => {
  const onChange = jest.fn();
  render(<FileInput id="docs" multiple disabled onChange={onChange} />);
  const button = screen.getByText('Выбрать файлы', { selector: 'label' });
  const dataTransfer = { files: [fakeFile('Смета.pdf')], types: ['Files'] };
  expect(fireEvent.dragOver(button, { dataTransfer })).toBe(true);
  fireEvent.drop(button, { dataTransfer });
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Выбрать файлы')).toBeDisabled();
});

test('an upload cut in the middle of the file says the server may have it, as a lost answer does: the browser cannot tell how much it got (QA HHH-1)', async () => {
  const { input, onUploaded } = renderUpload();
  await choose(input, fakeFile('Смета.pdf', 3_000_000));
  await act(async () => xhr.requests[0]?.progress(1_000_000, 3_000_000));
  await act(async () => xhr.requests[0]?.cut(1_000_000, 3_000_000));
  expect(screen.getByRole('alert')).toHaveTextContent(`«Смета.pdf»: ${UPLOAD_UNANSWERED_MESSAGE}`);
  expect(onUploaded).not.toHaveBeenCalled();
});

test('several files dropped at once: it uploads the first and says the others were not, by name', async () => {
  const { input, onUploaded } = renderUpload();
  const files = [fakeFile('a.pdf', 2048), fakeFile('b.pdf', 2048), fakeFile('c.pdf', 2048)];
  await act(async () => void fireEvent.change(input, { target: { files } }));

  expect(xhr.requests).toHaveLength(1);
  expect(screen.getByRole('progressbar', { name: 'Загрузка файла «a.pdf»' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Можно загрузить один файл за раз: загружаем «a.pdf»');

  // The server keeps the name it was given (a fixture named otherwise would read as a rename).
  await act(async () => xhr.requests[0]?.respond(ok({ ...DOCUMENT, name: 'a.pdf' })));
  expect(onUploaded).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('status')).toHaveTextContent('Файл «a.pdf» загружен. Файлы «b.pdf» и «c.pdf» не загружены: можно загрузить один файл за раз');
  expect(xhr.requests).toHaveLength(1);

  // The first one refused before any request: the others are still named, not tried.
  await act(async () => void fireEvent.change(input, { target: { files: [fakeFile('Огромный.pdf', MAX_FILE_BYTES + 1), fakeFile('d.pdf')] } }));
  expect(screen.getByRole('alert')).toHaveTextContent(`«Огромный.pdf»: ${FILE_TOO_LARGE_MESSAGE}`);
  expect(screen.getByRole('status')).toHaveTextContent('Файл «d.pdf» не загружен: можно загрузить один файл за раз');
  expect(xhr.requests).toHaveLength(1);
});

test('askFirst: a click opens no picker and a drop is held until the question is answered; the click leaves the focus on the input', async () => {
  const asked: Array<() => void> = [];
  const onChange = jest.fn();
  render(<FileInput id="contract" askFirst={(choose) => asked.push(choose)} onChange={onChange} />);
  const input = screen.getByLabelText('Выбрать файл');
  const button = screen.getByText('Выбрать файл', { selector: 'label' });

  expect(fireEvent.click(button)).toBe(true);
  expect(asked).toHaveLength(1);
  expect(input).toHaveFocus();
  // Cancelled: the browser opens no picker.
  expect(fireEvent.click(input)).toBe(false);

  const picker = jest.fn((event: Event) => event.defaultPrevented);
  input.addEventListener('click', picker);
  act(() => asked[0]!());
  // The answer's click goes through to the browser, which opens the picker.
  expect(picker).toHaveReturnedWith(false);

  fireEvent.drop(button, { dataTransfer: { files: [fakeFile('Договор.pdf')], types: ['Files'] } });
  expect(asked).toHaveLength(3);
  expect(onChange).not.toHaveBeenCalled();
});
