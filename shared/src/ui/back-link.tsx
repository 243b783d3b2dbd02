import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface BackLinkProps {
  to: string;
  children: ReactNode;
  /** A page's own class beside `ui-back-link` (where it hides or places it). */
  className?: string;
}

/**
 * The way back to a list («← Мои заявки»): the arrow is hidden from screen readers, which read the
 * words alone, and the link is a whole tap target high.
 */
export function BackLink({ to, children, className }: BackLinkProps) {
  return (
    <Link className={className ? `ui-back-link ${className}` : 'ui-back-link'} to={to}>
      <span aria-hidden="true">←</span>
      {children}
    </Link>
  );
}
