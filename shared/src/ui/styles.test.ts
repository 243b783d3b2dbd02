import fs from 'node:fs';
import path from 'node:path';
import { declarations, readCss } from '../testing/css-rules';

/*
 * jsdom's getComputedStyle ranks matching rules by their order only, not by specificity, so the
 * cascade of the UI kit's stylesheets is checked on their text: no rule that dresses every input,
 * select or textarea may outrank the invalid field's danger border (the browser's result, in a
 * scripted Chromium, is in the report of the change).
 */

type Specificity = [number, number, number];

const add = (a: Specificity, b: Specificity): Specificity => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const compare = (a: Specificity, b: Specificity) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Splits a selector list at its top-level commas. */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** Selectors Level 4 specificity: :where() counts nothing, :is()/:not()/:has() their most specific argument. */
function specificity(selector: string): Specificity {
  let total: Specificity = [0, 0, 0];
  let i = 0;
  const s = selector;
  const readName = () => {
    const match = /^[\w-]+/.exec(s.slice(i));
    i += match ? match[0].length : 0;
    return match ? match[0] : '';
  };
  const readParens = () => {
    let depth = 0;
    const start = i;
    for (; i < s.length; i++) {
      if (s[i] === '(') depth++;
      else if (s[i] === ')' && --depth === 0) break;
    }
    i++;
    return s.slice(start + 1, i - 1);
  };
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === '#') {
      i++;
      readName();
      total = add(total, [1, 0, 0]);
    } else if (ch === '.') {
      i++;
      readName();
      total = add(total, [0, 1, 0]);
    } else if (ch === '[') {
      i = s.indexOf(']', i) + 1;
      total = add(total, [0, 1, 0]);
    } else if (s.startsWith('::', i)) {
      i += 2;
      readName();
      total = add(total, [0, 0, 1]);
    } else if (ch === ':') {
      i++;
      const name = readName();
      const args = s[i] === '(' ? readParens() : null;
      if (name === 'where') continue;
      if (args !== null && ['is', 'not', 'has'].includes(name)) {
        const most = splitList(args)
          .map(specificity)
          .sort(compare)
          .at(-1);
        if (most) total = add(total, most);
      } else total = add(total, [0, 1, 0]);
    } else if (/[\w-]/.test(ch)) {
      readName();
      total = add(total, [0, 0, 1]);
    } else i++; // combinators, whitespace, `*`
  }
  return total;
}

interface Rule {
  selector: string;
  declarations: string;
}

/** The style rules of a stylesheet (those inside @media too), each selector of a list apart. */
function rulesOf(file: string): Rule[] {
  const text = fs.readFileSync(path.join(__dirname, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const prelude = (match[1] as string).split(';').at(-1) as string;
    for (const selector of splitList(prelude)) rules.push({ selector, declarations: match[2] as string });
  }
  return rules;
}

const KIT = ['styles.css', 'combobox.css', 'filter-panel.css', 'paged-results.css', 'service-picker.css', 'file-upload.css'];
const sets = (rule: Rule, property: RegExp) => property.test(rule.declarations);
/** A selector whose subject is any input, select or textarea (no class of its own). */
function dressesEveryControl(selector: string): boolean {
  let bare = selector;
  while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, '');
  // The last compound (the subject) is a control's element name with no class of its own.
  return /(^|[\s>+~])(input|select|textarea)(?![\w-])[^\s.>+~]*$/.test(bare);
}

describe('the invalid field border', () => {
  const rules = KIT.flatMap(rulesOf);
  const danger = rules.filter((rule) => sets(rule, /border-color:\s*var\(--color-danger/) && /--invalid/.test(rule.selector));

  it('is set for the field wrapper and the combobox', () => {
    const selectors = danger.map((rule) => rule.selector);
    expect(selectors).toEqual(expect.arrayContaining(['.ui-field--invalid .ui-field__input', '.ui-combobox--invalid .ui-combobox__input']));
  });

  it('outranks every rule that gives all inputs, selects or textareas their border', () => {
    const weakest = danger.map((rule) => specificity(rule.selector)).sort(compare)[0] as Specificity;
    const defaults = rules.filter((rule) => sets(rule, /(^|;|\s)border(-color)?\s*:/) && dressesEveryControl(rule.selector));
    const selectors = defaults.map((rule) => rule.selector);
    expect(selectors).toEqual(expect.arrayContaining(['select', 'textarea']));
    expect(selectors.some((selector) => selector.startsWith('input'))).toBe(true);
    const outranking = defaults.filter((rule) => compare(specificity(rule.selector), weakest) >= 0).map((rule) => rule.selector);
    expect(outranking).toEqual([]);
  });

  it('counts specificity as browsers do', () => {
    expect(specificity("input:not([type='checkbox']):not([type='radio'])")).toEqual([0, 2, 1]);
    expect(specificity("input:where(:not([type='checkbox'], [type='radio']))")).toEqual([0, 0, 1]);
    expect(specificity('.ui-field--invalid .ui-field__input')).toEqual([0, 2, 0]);
    expect(specificity(".ui-field--invalid :is(input, select, textarea)[aria-invalid='true']")).toEqual([0, 2, 1]);
    expect(specificity('.ui-button--primary:hover:not(:disabled, [aria-disabled=\'true\'])')).toEqual([0, 3, 0]);
    expect(specificity('#main > a.ui-button::before')).toEqual([1, 1, 2]);
  });
});

/*
 * QA (s60-ui, scripted Chromium at 320 px): a dialog's description naming a file
 * («…_2026_12_02_версия_окончательная.pdf» in «Подписать договор») and the upload's status
 * («Файл «…» загружен») made the page 407 px wide. Text a user or the server wrote breaks anywhere
 * rather than widen the page.
 */
describe('text written by a user or the server', () => {
  const rules = KIT.flatMap(rulesOf);
  const breaksAnywhere = (selector: string) => rules.some((rule) => rule.selector === selector && /(^|;|\s)overflow-wrap:\s*anywhere/.test(rule.declarations));

  it.each([
    '.ui-dialog__title',
    '.ui-dialog__description',
    '.ui-form-alert',
    '.ui-field__error',
    '.ui-page-header__title',
    '.ui-page-header__description',
    '.ui-file-upload__status',
    '.ui-file-upload__error',
  ])('%s breaks a long word anywhere rather than widen the page', (selector) => {
    expect(breaksAnywhere(selector)).toBe(true);
  });

  // QA (stop 69, 390 px): an application named with one 120-letter word ran out of its map popup.
  it.each(['.ui-map-popup__title', '.ui-map-popup__subtitle'])('%s breaks a long word inside the popup', (selector) => {
    const popup = rulesOf('../map-leaflet/map-leaflet.css');
    expect(popup.some((rule) => rule.selector === selector && /(^|;|\s)overflow-wrap:\s*anywhere/.test(rule.declarations))).toBe(true);
  });

});

/*
 * QA (s60-ui): a read-only field (the code step's, once its code is used up) looked exactly like
 * one that can be typed in.
 */
describe('a read-only field', () => {
  const rules = rulesOf('styles.css');

  it('has a muted background of its own, for TextField and text areas alike', () => {
    const readOnly = rules.filter((rule) => /\[readonly\]/.test(rule.selector) && /(^|;|\s)background(-color)?:\s*var\(--color-surface\)/.test(rule.declarations));
    const selectors = readOnly.map((rule) => rule.selector).join(' ');
    expect(selectors).toMatch(/input/);
    expect(selectors).toMatch(/textarea/);
    // It outranks the element defaults' white background (an element's specificity).
    for (const rule of readOnly) expect(compare(specificity(rule.selector), [0, 0, 1])).toBeGreaterThan(0);
  });
});

/*
 * QA (phone deal): on a phone the deal's small buttons («Выбрать исполнителем», «Подписать договор»,
 * «Скачать счёт»…) were 36 px high, under the kit's 44 px tap target; a long account in the withdrawal's
 * select ran under its arrow, cut mid-word.
 */
describe('touch targets and the select’s arrow', () => {
  const css = readCss(__dirname, 'styles.css');

  it('a small button is a 44 px target on a touch screen, 36 px with a mouse', () => {
    expect(declarations(css, '.ui-button--sm')['min-height']).toBe('36px');
    expect(declarations(css, '.ui-button--sm', '(pointer: coarse)')['min-height']).toBe('var(--tap-target)');
  });

  it('a select keeps room for its arrow, and a long option ends in an ellipsis', () => {
    expect(declarations(css, 'select')['padding-right']).toBe('var(--space-6)');
    expect(declarations(css, 'select')['text-overflow']).toBe('ellipsis');
  });
});
