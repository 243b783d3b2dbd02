import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  /** A status region next to it already says the title: hidden from screen readers, so it is heard once. */
  titleAnnounced?: boolean;
}

export function EmptyState({ title, description, action, icon, titleAnnounced = false }: EmptyStateProps) {
  return (
    <div className="ui-state ui-state--empty">
      {icon && <div className="ui-state__icon" aria-hidden="true">{icon}</div>}
      <p className="ui-state__title" aria-hidden={titleAnnounced || undefined}>
        {title}
      </p>
      {description && <p className="ui-state__description">{description}</p>}
      {action && <div className="ui-state__action">{action}</div>}
    </div>
  );
}
