import type { HTMLAttributes } from 'react';

/** Text for screen readers only. */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span {...rest} className={['ui-visually-hidden', className].filter(Boolean).join(' ')} />;
}
