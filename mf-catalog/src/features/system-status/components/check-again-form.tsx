import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'shared';

export interface CheckAgainFormProps extends Pick<ButtonProps, 'size' | 'loading'> {
  /** Checks again in place (with scripts). */
  onCheck: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A «check again» button that works without scripts too: the submit of a GET form to the page
 * itself, so that the browser reloads it and the server checks again; with scripts the click
 * checks in place and the form is not sent.
 */
export function CheckAgainForm({ onCheck, children, className, size, loading }: CheckAgainFormProps) {
  return (
    <form method="get" className={className}>
      <Button
        type="submit"
        variant="secondary"
        size={size}
        loading={loading}
        onClick={(event) => {
          event.preventDefault();
          onCheck();
        }}
      >
        {children}
      </Button>
    </form>
  );
}
