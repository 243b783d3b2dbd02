import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiRequest, Button, type ApplicationLkDetail } from 'shared';
import { barActions, type ActionDef, type DetailDialog } from '../lib/action-map';
import { CallButton } from './call-button';
import { TransitionDialog } from './transition-dialogs';

function BarAction({ def, applicationId, onOpen }: { def: ActionDef; applicationId: number; onOpen: (dialog: DetailDialog) => void }) {
  const variant = def.tone === 'primary' ? 'primary' : 'secondary';
  const className = def.tone === 'danger' ? 'detail-action--danger' : undefined;
  switch (def.kind) {
    case 'link':
      return (
        <Link className={`ui-button ui-button--${variant} ui-button--md`} to={def.href(applicationId)}>
          <span className="ui-button__label">{def.label}</span>
        </Link>
      );
    case 'dialog':
      return (
        <Button variant={variant} className={className} aria-haspopup="dialog" onClick={() => onOpen(def.dialog)}>
          {def.label}
        </Button>
      );
    case 'call':
      return (
        <CallButton
          variant={variant}
          className={className}
          confirm={def.confirm}
          request={() => ({ run: () => apiRequest(def.call, { body: { id: applicationId } }), success: def.success })}
        >
          {def.label}
        </CallButton>
      );
    case 'block':
      return null;
  }
}

/**
 * Why the named executor is not offered «Начать работу» yet (ARCHITECTURE §8: the payment held,
 * and a contract uploaded signed by both), in the words of its guard; null when nothing is awaited.
 * An application without a price is explained by the payment block (nothing to pay until it has one).
 */
function startAwaits(detail: ApplicationLkDetail): string | null {
  const { allowedActions, contract } = detail;
  if (detail.status !== 'executor_named' || !allowedActions.includes('application/cancel/executor') || allowedActions.includes('application/start-working/executor')) {
    return null;
  }
  const unpaid = Boolean(detail.price) && detail.payment.status !== 'held';
  const unsigned = contract !== null && contract.signatures.length < 2;
  if (unpaid && unsigned) return 'Начать работу можно, когда заказчик оплатит заявку, а договор подпишут обе стороны.';
  if (unpaid) return 'Начать работу можно, когда заказчик оплатит заявку.';
  if (unsigned) return 'Начать работу можно, когда договор подпишут обе стороны.';
  return null;
}

/** The transitions the caller may make now: exactly the bar actions of `allowedActions`. */
export function ActionBar({ detail }: { detail: ApplicationLkDetail }) {
  const headingId = useId();
  const [dialog, setDialog] = useState<DetailDialog | null>(null);
  const actions = barActions(detail.allowedActions);
  if (actions.length === 0 && !dialog) return null;
  // On review with a report not signed by both, «Принять работу» is not offered: say why (its guard's words).
  const awaitingSignatures =
    detail.status === 'on_review' &&
    detail.allowedActions.includes('application/send/revision') &&
    !detail.allowedActions.includes('application/verification') &&
    detail.report !== null &&
    detail.report.signatures.length < 2;
  const awaitedForStart = startAwaits(detail);
  return (
    <section className="detail-actions" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-visually-hidden">
        Действия с заявкой
      </h2>
      <div className="detail-actions__list">
        {actions.map(([path, def]) => (
          <BarAction
            key={path}
            // A review given already is changed, not left again.
            def={path === 'application/review' && detail.review ? { ...def, label: 'Изменить отзыв' } : def}
            applicationId={detail.id}
            onOpen={setDialog}
          />
        ))}
      </div>
      {awaitingSignatures && <p className="detail-muted">Принять работу можно, когда отчёт о выполнении подпишут обе стороны.</p>}
      {awaitedForStart && <p className="detail-muted">{awaitedForStart}</p>}
      {dialog && <TransitionDialog dialog={dialog} detail={detail} onClose={() => setDialog(null)} />}
    </section>
  );
}
