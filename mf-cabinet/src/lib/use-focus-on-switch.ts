import { useEffect, useRef } from 'react';
import { focusLost } from 'shared';

/**
 * The switch button the user pressed gives way to «Активный профиль» once the profile is active,
 * and the browser drops the focus of a removed button to <body>: the focus goes to that status
 * instead (give it `tabIndex={-1}`), where a keyboard or screen-reader user left off. Only after
 * a change of the active profile, and only when the focus was lost: nothing moves on load.
 */
export function useFocusOnSwitch<T extends HTMLElement>(activeId: number | null | undefined) {
  const status = useRef<T>(null);
  const previous = useRef(activeId);
  useEffect(() => {
    if (previous.current === activeId) return;
    previous.current = activeId;
    if (!focusLost()) return;
    status.current?.focus();
  }, [activeId]);
  return status;
}
