import { declarations, readCss } from 'shared/testing';

const css = readCss(__dirname, 'facility.css');

describe('a document row (the form’s files to upload, the facility’s stored documents)', () => {
  it('breaks a long file name in «Виден всем: «…»» and «Убрать «…»» instead of widening a 360 px phone’s page', () => {
    const actions = declarations(css, '.facility-file__actions');
    // A flex item's least width is its longest word unless it may shrink and break anywhere.
    expect(actions['min-width']).toBe('0');
    expect(actions['overflow-wrap']).toBe('anywhere');
  });
});

describe('the list of facilities beside their map (/lk/facility)', () => {
  const wide = '(min-width: 64rem)';

  it('takes two columns on a wide screen only when the map is there: an empty list is not left beside a blank column', () => {
    expect(declarations(css, '.facility-list-layout--with-map', wide)['grid-template-columns']).toBe('minmax(0, 1fr) minmax(0, 26rem)');
    expect(declarations(css, '.facility-list-layout', wide)['grid-template-columns']).toBeUndefined();
    expect(declarations(css, '.facility-list-layout')['grid-template-columns']).toBeUndefined();
  });
});
