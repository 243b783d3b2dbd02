import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// axe-core's own script, read once: the same package and version @axe-core/playwright injects.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical findings (WCAG 2.1 A and AA) on what the page shows now, one
 * line each, prefixed with `label`: a test collects them over its pages and expects none.
 *
 * A page of ours has no frames, so axe runs in it directly: its script goes in once per
 * document, and only the violations come back. @axe-core/playwright, which does the same rules
 * frame by frame and finishes in a page of its own, took 4–5 times as long a call (1.3–2.5 s
 * against 0.3–0.7 s on the catalogue; more under a recorded trace, where its 500 kB script was
 * the argument of each call) — most of the e2e suite's axe minutes on CI. A page with a frame
 * still gets AxeBuilder, which looks inside it.
 */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  const violations = page.frames().length > 1 ? (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations : await axeViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) — ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    TAGS,
  );
}

/**
 * Waits for the page's content: the main heading, then no skeleton left busy (a map below the fold
 * stays busy until it is scrolled to). The heading alone is no sign: a loading page with a known
 * title has its h1 too (QA NN-1).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]:not(.map-frame)')).toHaveCount(0, { timeout: 15_000 });
}

/** Opens a page and waits for its content (`settled`). */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
}

/** How many pixels the page is wider than its window (0 when nothing scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * How many pixels the page scrolls on below its footer (0 when the footer ends it): something laid
 * out by the page rather than by its box (a scrolled list's visually hidden words, QA UUU-1)
 * stretched it into a blank screen.
 */
export function belowFooter(page: Page): Promise<number> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer');
    if (!footer) return 0;
    return Math.max(0, Math.round(document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY)));
  });
}

/**
 * The narrowest screen the pages are checked on: WCAG 2.1's reflow criterion (1.4.10, AA) asks
 * for content without sideways scrolling at 320 CSS pixels, the width of the smallest phones.
 */
export const NARROWEST_SCREEN = 320;

/**
 * The room, in pixels, between an element's aria-hidden glyph (a back arrow, a ▾) and its words.
 * In a flex box a space at an item's edge collapses, so «← Мои заявки» can render «←Мои заявки».
 */
export function glyphGap(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const glyph = el.querySelector(':scope > [aria-hidden="true"]')!.getBoundingClientRect();
    // The words: a text node, or an element of their own (a label cut short with an ellipsis), not
    // the glyph and not what only a screen reader reads.
    const words = [...el.childNodes].find((node) =>
      node.nodeType === Node.TEXT_NODE
        ? Boolean(node.textContent!.trim())
        : node instanceof HTMLElement && node.getAttribute('aria-hidden') !== 'true' && node.getBoundingClientRect().width > 1,
    )!;
    const range = document.createRange();
    range.selectNodeContents(words);
    const text = range.getBoundingClientRect();
    return text.left >= glyph.right ? text.left - glyph.right : glyph.left - text.right;
  });
}

/**
 * The contrast ratio (WCAG) of an element's text against its own background while the pointer
 * rests on it: axe looks at the page at rest, not at :hover.
 */
export async function hoverContrast(element: Locator): Promise<number> {
  await element.hover();
  // Past the buttons' background transition.
  await element.page().waitForTimeout(300);
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (value: string) => {
      const [r, g, b] = rgb(value).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}
