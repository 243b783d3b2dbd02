import { declarations, readCss } from 'shared/testing';

/* jsdom lays nothing out: the rule is checked on the stylesheet's text (the browser's result is in the change's report). */
const css = readCss(`${__dirname}/components`, 'messenger.css');

/*
 * QA O-6: at 390 px, «Отменить отправку» jumped 175 px left and 32 px down when the upload's percent
 * went from «9%» to «10%»: the wider text wrapped the row.
 */
test("the upload's percent keeps one width from 0 % to 100 %, so the row beside it does not move", () => {
  const percent = declarations(css, '.msg-attachments__percent');
  expect(percent['min-width']).toBe('4ch');
  expect(percent['font-variant-numeric']).toBe('tabular-nums');
});
