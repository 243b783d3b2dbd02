import { ApiError, FILE_TYPE_MESSAGE } from 'shared';
import { refusedDocuments } from './refused-documents';

const pending = (key: string, name: string) => ({ key, file: new File(['x'], name), public: false });

describe('refusedDocuments', () => {
  it('finds a file of a long emoji name by the name as the API quotes it, cut between emoji (QA KKK-2)', () => {
    // What namingTheFile says of it: the first 120 characters, the last emoji whole.
    const message = `Файл «x${'😀'.repeat(119)}» не принят: ${FILE_TYPE_MESSAGE.charAt(0).toLowerCase()}${FILE_TYPE_MESSAGE.slice(1)}`;
    const error = new ApiError({ status: 415, code: 'file_type_refused', message });
    expect(refusedDocuments(error, [pending('a', `x${'😀'.repeat(130)}.pdf`), pending('b', 'План.pdf')])).toEqual({ a: message });
  });
});
