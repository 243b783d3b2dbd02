import { declarations, readCss } from 'shared/testing';

const css = readCss(__dirname, 'document-row.css');
const wide = '(min-width: 640px)';

describe('a stored document’s row (a facility’s, an organisation’s)', () => {
  it('on a phone puts «Скачать» and «Удалить» under the name whatever its length: the info takes the whole line', () => {
    expect(declarations(css, '.cabinet-document')['flex-wrap']).toBe('wrap');
    expect(declarations(css, '.cabinet-document__info')['flex']).toBe('1 1 100%');
    expect(declarations(css, '.cabinet-document__name')['overflow-wrap']).toBe('anywhere');
    // «Виден всем: «…»» carries the name too: it breaks rather than widening the page.
    expect(declarations(css, '.cabinet-document__extra')['min-width']).toBe('0');
    expect(declarations(css, '.cabinet-document__extra')['overflow-wrap']).toBe('anywhere');
  });

  it('from 640px puts them beside the name whatever its length: the info’s basis is not its text, and the two buttons keep theirs', () => {
    expect(declarations(css, '.cabinet-document__info', wide)['flex']).toBe('1 1 0');
    expect(declarations(css, '.cabinet-document__actions', wide)['flex']).toBe('none');
  });
});
