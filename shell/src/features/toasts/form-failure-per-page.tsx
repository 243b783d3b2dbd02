import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissFormFailure } from './toast-bridge';

/**
 * A form's failure (its silent toast) belongs to the page its form is on: another page (a link, Back,
 * a guard's redirect) dismisses it (QA MM-1). A change of the address's search or hash alone (a
 * dialog opened over the page, a filter) stays on the page.
 */
export function FormFailurePerPage() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    dismissFormFailure();
  }, [pathname]);
  return null;
}
