import { declarations, readCss } from 'shared/testing';

const css = readCss(__dirname, 'employee.css');

describe('an employee card', () => {
  it('makes its phone link a target of at least 24 px in height, not the text line’s 19 px (WCAG 2.5.8)', () => {
    const link = declarations(css, '.emp-card__phone a');
    expect(link.display).toBe('inline-block');
    expect(link['min-height']).toBe('24px');
    expect(link['line-height']).toBe('24px');
  });
});
