import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the header's row holds more than it has room for: its parts overflow the panel of links
 * and account. The breakpoints, in em, follow the reader's type size but not his own text spacing
 * (WCAG 1.4.12: letter, word and line spacing set by a user stylesheet or an extension), with which
 * «Выйти» ran under the messages and the bell at 1280–1600 px. Crowded, the row lets its links wrap
 * (layout.css). Measured as the row's sizes change (the links' text, the account arriving); once
 * crowded it stays so until the window's width changes, when it is measured again.
 */
export function useCrowdedRow(row: boolean, panel: RefObject<HTMLElement | null>): boolean {
  const [crowded, setCrowded] = useState(false);

  useLayoutEffect(() => {
    const element = panel.current;
    if (!row || crowded || !element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      if (element.scrollWidth > element.clientWidth + 1) setCrowded(true);
    };
    const sizes = new ResizeObserver(measure);
    const observeParts = () => element.querySelectorAll(':scope > *, :scope ul, .app-account > *').forEach((part) => sizes.observe(part));
    observeParts();
    // The account is a widget that arrives later, and its parts with it.
    const parts = new MutationObserver(() => {
      observeParts();
      measure();
    });
    parts.observe(element, { childList: true, subtree: true });
    measure();
    return () => {
      sizes.disconnect();
      parts.disconnect();
    };
  }, [row, crowded, panel]);

  useEffect(() => {
    if (!crowded) return undefined;
    let width = window.innerWidth;
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      setCrowded(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [crowded]);

  return row && crowded;
}
