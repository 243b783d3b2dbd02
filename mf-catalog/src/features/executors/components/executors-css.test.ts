import fs from 'node:fs';
import path from 'node:path';

// QA (stop 69): an executor named with one 100-letter word made /executor 1 231 px wide at 390 px.
test("an executor card's text breaks a long word rather than widen the catalogue", () => {
  const css = fs.readFileSync(path.join(__dirname, 'executors.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const card = /(^|\})\s*\.executor-card\s*\{([^}]*)\}/.exec(css)?.[2] ?? '';
  expect(card).toMatch(/(^|;|\s)overflow-wrap:\s*anywhere/);
});
