import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusLost, focusPageStart } from './focus-fallback';

/**
 * A control that leads to another page goes away with the page it was on — a form's busy submit
 * button, a notification's link in a panel that closes — and the browser drops the focus to
 * <body>, from where a keyboard or screen-reader user starts again at the top. Called right before
 * the navigation, the returned function has the focus go to the next page's start (its h1, as a
 * dialog closed with its page does) once the router is there: when this component goes with the
 * page, or, when it stays (the header's panel), at the new location — a new history entry even for
 * the page already open, another search or #hash. A focus the new page placed itself is kept, and
 * a page left another way (a link in the header) keeps the focus where the user put it. A heading
 * not there yet is waited for by the shell (FocusOnNavigation) after a change of the path.
 */
export function useFocusNextPage(): () => void {
  const { key } = useLocation();
  const leaving = useRef(false);
  const settle = useCallback(() => {
    if (!leaving.current) return;
    leaving.current = false;
    // A next page whose heading comes later (with its data, a remote's code) is the shell's to
    // finish (FocusOnNavigation waits for it): its <main> now would be a place it respects.
    if (focusLost() && document.querySelector('main h1')) focusPageStart();
  }, []);
  // On unmount (the component left with its page) …
  useEffect(() => settle, [settle]);
  // … or at the new location when the component stays.
  useEffect(settle, [key, settle]);
  return useCallback(() => {
    leaving.current = true;
  }, []);
}
