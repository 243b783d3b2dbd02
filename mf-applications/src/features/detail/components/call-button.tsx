import { Button, type ButtonProps } from 'shared';
import { ConfirmDialog } from 'shared/lk';
import { useDetailAction, type DetailRequest } from '../api/use-detail-action';
import { useOfferedDialog } from '../hooks/use-offered-dialog';
import type { CallConfirm } from '../lib/action-map';

/** The version of the document a step is taken on as the page shows it (null: none), and what is said when another is shown. */
interface StandsOn {
  version: number | null;
  changed: string;
}

export interface CallButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  request: () => DetailRequest;
  /** Asked first (a step that is hard to undo); without it the click makes the call. */
  confirm?: CallConfirm | undefined;
  /**
   * The step is taken on this document: its question, asked about the version shown, closes and
   * says `changed` when the page shows another (replaced, deleted, uploaded), as the sign dialogs do.
   */
  standsOn?: StandsOn | undefined;
}

/** A button that makes one call of the detail page, once its question (if any) is answered. */
export function CallButton({ request, confirm, standsOn, children, ...button }: CallButtonProps) {
  const action = useDetailAction();
  // What the question was asked about: the version of the document the step stands on (if any).
  const asked = useOfferedDialog<{ version: number | null }>((opened) => (standsOn && opened.version !== standsOn.version ? standsOn.changed : null));
  const asking = asked.subject !== null;
  const call = () => action.mutate(request(), { onSettled: asked.close });
  return (
    <>
      <Button
        {...button}
        loading={action.isPending && !asking}
        {...(confirm ? { 'aria-haspopup': 'dialog' as const } : {})}
        onClick={() => (confirm ? asked.open({ version: standsOn?.version ?? null }) : call())}
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
          onClose={asked.close}
        />
      )}
    </>
  );
}
