import { declarations, readCss } from 'shared/testing';

/*
 * QA (s60-shell): the footer's links («Консультации», «Гарантии», «Справка», «Политика
 * конфиденциальности») were targets 16 px high in small type, at 390, 320 and 1280 px in a scripted
 * Chromium: under WCAG 2.5.8's 24 px. The browser's result (24 px, rows as far apart as before) is
 * in the report of the change.
 */

const layout = readCss(__dirname, 'layout.css');

test('a footer link is a target at least 24 px high', () => {
  const link = declarations(layout, '.app-footer a');
  expect(['inline-block', 'inline-flex', 'block', 'flex']).toContain(link.display);
  expect(link['min-height']).toBe('24px');
});
