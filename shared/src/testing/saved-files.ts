/**
 * What a page saves through shared's downloadFile (an object URL clicked as a link named for the
 * file): the names, in order, emptied before each test. Call it at a test file's top level.
 */
export function recordSavedFiles(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:file');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());
  return saved;
}
