import { useCallback, useEffect, useId, useRef, useState } from 'react';

/** Where each key moves the focus among a panel's `count` controls from the one at `at` (-1: from outside them), round at the ends. */
const MOVES = {
  ArrowDown: (at: number, count: number) => (at + 1) % count,
  ArrowUp: (at: number, count: number) => (at <= 0 ? count - 1 : at - 1),
  Home: () => 0,
  End: (_at: number, count: number) => count - 1,
} as const;

/**
 * A button that shows a panel: Escape, a click outside and the focus going elsewhere (Tab past the
 * panel: on a phone the panel lies over the page the focus goes on to) close it. Escape and a choice made in the
 * panel (`closeToButton`) return focus to the button: the control that had it goes with the panel.
 * ArrowDown and ArrowUp move the focus through the panel's controls, round from either end; Home and End to the first and last.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = `panel${useId()}`;
  const close = useCallback(() => setOpen(false), []);
  const closeToButton = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeToButton();
      else if (Object.hasOwn(MOVES, event.key)) moveFocus(event, MOVES[event.key as keyof typeof MOVES]);
    };
    // The arrows, Home and End go through the panel's controls from its button or within it (QA
    // AAR-1, AAT-3: they scrolled the page, and the open panel with it, out of view, an empty panel's
    // too); a field in it keeps its own.
    const moveFocus = (event: KeyboardEvent, move: (at: number, count: number) => number) => {
      const target = event.target as HTMLElement;
      const panel = panelRef.current;
      if (!panel || !(panel.contains(target) || buttonRef.current?.contains(target)) || target.matches('input, textarea, select')) return;
      event.preventDefault();
      const controls = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
      if (controls.length > 0) controls[move(controls.indexOf(target), controls.length)]!.focus();
    };
    // A focus lost to <body> (a control of the panel gone) fires no focusin: the panel stays.
    const onOutside = (event: Event) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, closeToButton]);

  const buttonProps = {
    ref: buttonRef,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((value) => !value),
  };
  return { open, close, closeToButton, buttonProps, panelRef, panelId };
}
