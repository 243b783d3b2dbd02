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

/*
 * QA NN-4: on a 360×740 phone the log is about 290 px tall and opens at its end: the day's label
 * above the first message was cut in half by the log's top edge.
 */
test("the day's label stays whole at the top of the log while its messages scroll under it", () => {
  const label = declarations(css, '.msg-day__label');
  expect(label.position).toBe('sticky');
  // At the log's border: stuck at 0 it sat a padding below it, a cut line of text showing above it (QA QQ-3).
  expect(label.top).toBe('calc(-1 * var(--space-3))');
  expect(declarations(css, '.msg-log')['scroll-padding-top']).toMatch(/^calc\(var\(--space-3\) \+ /);
  // Stuck, on a band of the log's colour, clipped to a strip across the log: the message under it is
  // hidden whole, not read through it («Здрав[Сегодня]Спасибо», QA AAR-2, AAS-2).
  expect(label['box-shadow']).toContain('0 0 0 100vmax var(--color-surface)');
  expect(label['clip-path']).toBe('inset(calc(-1 * var(--space-1)) -100vmax)');
});
