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
