import type { HTMLAttributes } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** 'article' for a self-contained item of a list (an application, an executor). */
  as?: 'div' | 'article' | 'section' | 'li';
  interactive?: boolean;
}

export function Card({ as: Tag = 'div', interactive = false, className, ...rest }: CardProps) {
  const classes = ['ui-card', interactive && 'ui-card--interactive', className].filter(Boolean).join(' ');
  return <Tag {...rest} className={classes} />;
}
