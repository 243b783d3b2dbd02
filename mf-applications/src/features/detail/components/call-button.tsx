import { useState } from 'react';
import { Button, type ButtonProps } from 'shared';
import { ConfirmDialog } from 'shared/lk';
import { useDetailAction, type DetailRequest } from '../api/use-detail-action';
import type { CallConfirm } from '../lib/action-map';

export interface CallButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  request: () => DetailRequest;
  /** Asked first (a step that is hard to undo); without it the click makes the call. */
  confirm?: CallConfirm | undefined;
}

/** A button that makes one call of the detail page, once its question (if any) is answered. */
export function CallButton({ request, confirm, children, ...button }: CallButtonProps) {
  const action = useDetailAction();
  const [asking, setAsking] = useState(false);
  const call = () => action.mutate(request(), { onSettled: () => setAsking(false) });
  return (
    <>
      <Button
        {...button}
        loading={action.isPending && !asking}
        {...(confirm ? { 'aria-haspopup': 'dialog' as const } : {})}
        onClick={() => (confirm ? setAsking(true) : call())}
      >
        {children}
      </Button>
      {confirm && asking && (
        <ConfirmDialog
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel}
          danger={confirm.danger ?? false}
          pending={action.isPending}
          onConfirm={call}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
