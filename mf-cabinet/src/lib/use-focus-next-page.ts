import { useCallback, useEffect, useRef } from 'react';
import { focusPageStart } from 'shared';

/**
 * A form that leads to another page once saved: its busy submit button goes with the page, and the
 * browser drops the focus to <body>, from where a keyboard or screen-reader user starts again at
 * the top. Called before `navigate`, the returned function has the focus go to the next page's
 * start (its h1) as this page goes, as a dialog closed with its page does. A page left another way
 * (a link in the header) keeps the focus where the user put it.
 */
export function useFocusNextPage(): () => void {
  const leaving = useRef(false);
  useEffect(
    () => () => {
      const active = document.activeElement;
      if (leaving.current && (!active || active === document.body)) focusPageStart();
    },
    [],
  );
  return useCallback(() => {
    leaving.current = true;
  }, []);
}
