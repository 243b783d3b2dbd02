import type { ReactNode, Ref } from 'react';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or links on the right of the title on wide screens, below it on phones. */
  actions?: ReactNode;
  /** The heading, for a page that gives it the focus (after a «Повторить», say): then it takes it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function PageHeader({ title, description, actions, headingRef }: PageHeaderProps) {
  return (
    <header className="ui-page-header">
      <div className="ui-page-header__text">
        <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="ui-page-header__title">
          {title}
        </h1>
        {description && <p className="ui-page-header__description">{description}</p>}
      </div>
      {actions && <div className="ui-page-header__actions">{actions}</div>}
    </header>
  );
}
