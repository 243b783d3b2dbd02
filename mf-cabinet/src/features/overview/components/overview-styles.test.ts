import { declarations, readCss } from 'shared/testing';

const css = readCss(__dirname, 'overview.css');

describe('the checklist of next steps', () => {
  it('on a phone puts a step’s «Выполнено» under its text (two columns: the mark, the step), not beside it', () => {
    expect(declarations(css, '.overview-steps__item')['grid-template-columns']).toBe('1.25rem minmax(0, 1fr)');
    expect(declarations(css, '.overview-steps__state')['grid-column']).toBe('2');
  });

  it('from 480 px keeps it at the end of the step’s row', () => {
    expect(declarations(css, '.overview-steps__item', '(min-width: 480px)')['grid-template-columns']).toBe('1.25rem minmax(0, 1fr) auto');
    expect(declarations(css, '.overview-steps__state', '(min-width: 480px)')['grid-column']).toBe('auto');
  });
});
