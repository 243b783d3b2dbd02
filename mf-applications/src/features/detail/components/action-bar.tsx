import { useId } from 'react';
import { Link } from 'react-router-dom';
import { apiRequest, Button, useFromList, type ApplicationLkDetail } from 'shared';
import { movedBy } from '../api/use-detail-action';
import { lkApplicationPaths } from '../../../lib/lk-paths';
import { ACTION_GONE_MESSAGE, useOfferedDialog } from '../hooks/use-offered-dialog';
import { barActions, type ActionDef, type DetailDialog } from '../lib/action-map';
import { awaitsSignatures, seenDocument } from '../lib/signed-documents';
import { CallButton } from './call-button';
import { TransitionDialog } from './transition-dialogs';

interface BarActionProps {
  path: string;
  def: ActionDef;
  detail: ApplicationLkDetail;
  onOpen: (dialog: DetailDialog) => void;
}

function BarAction({ path, def, detail, onOpen }: BarActionProps) {
  const applicationId = detail.id;
  const variant = def.tone === 'primary' ? 'primary' : 'secondary';
  const className = def.tone === 'danger' ? 'detail-action--danger' : undefined;
  // The list view the detail was opened from goes on to the form (its «Мои заявки» leads back there).
  const from = useFromList(lkApplicationPaths.list);
  switch (def.kind) {
    case 'link':
      return (
        <Link className={`ui-button ui-button--${variant} ui-button--md`} to={def.href(applicationId)} state={from === null ? undefined : { from }}>
          <span className="ui-button__label">{def.label}</span>
        </Link>
      );
    case 'dialog':
      return (
        <Button variant={variant} className={className} aria-haspopup="dialog" onClick={() => onOpen(def.dialog)}>
          {def.label}
        </Button>
      );
    case 'call': {
      // The step taken on the contract or report the page shows, not on one replaced or deleted unseen.
      const seen = def.standsOn ? seenDocument(def.standsOn, detail) : undefined;
      return (
        <CallButton
          variant={variant}
          className={className}
          confirm={def.confirm}
          standsOn={seen}
          request={() => ({ run: () => apiRequest(def.call, { body: { id: applicationId, ...seen?.body } }), success: def.success, landed: movedBy(path, detail) })}
        >
          {def.label}
        </CallButton>
      );
    }
    case 'block':
      return null;
  }
}

/**
 * Why the named executor is not offered «Начать работу» yet (ARCHITECTURE §8: the payment held, so
 * a price above zero, and a contract uploaded signed by both), in the words of its guard; null when
 * nothing is awaited. A price «договорная» (none, or 0) comes first: there is nothing to pay until
 * the customer sets it (the server: «У заявки не указана цена»).
 */
function startAwaits(detail: ApplicationLkDetail): string | null {
  const { allowedActions, contract } = detail;
  if (detail.status !== 'executor_named' || !allowedActions.includes('application/cancel/executor') || allowedActions.includes('application/start-working/executor')) {
    return null;
  }
  const unpriced = !detail.price;
  const unpaid = unpriced || detail.payment.status !== 'held';
  const payment = unpriced ? 'заказчик укажет цену и оплатит заявку' : 'заказчик оплатит заявку';
  const unsigned = awaitsSignatures(contract);
  if (unpaid && unsigned) return `Начать работу можно, когда ${payment}, а договор подпишут обе стороны.`;
  if (unpaid) return `Начать работу можно, когда ${payment}.`;
  if (unsigned) return 'Начать работу можно, когда договор подпишут обе стороны.';
  return null;
}

/**
 * What the start of work waits for, told to the customer once he has paid (QA AAF-2: the executor's
 * page said it, his own said nothing): a contract uploaded and not signed by both sides. Before
 * the payment the payment block says what the start waits for.
 */
function customerStartAwaits(detail: ApplicationLkDetail): string | null {
  if (detail.status !== 'executor_named' || !detail.allowedActions.includes('application/stop-working/executor')) return null;
  const unsigned = awaitsSignatures(detail.contract);
  return unsigned && detail.payment.status === 'held' ? 'Исполнитель сможет начать работу, когда договор подпишут обе стороны.' : null;
}

/**
 * The named executor's work handed over (§5: on review, then executed): nothing is his to do but
 * wait, and the money comes when the customer closes the application (§8: `close` releases it).
 */
function handoverAwaits(detail: ApplicationLkDetail): string | null {
  if (detail.status === 'on_review') {
    const unsigned = awaitsSignatures(detail.report);
    return [
      'Работа на проверке у заказчика: он примет её или вернёт на доработку.',
      unsigned && 'Принять работу заказчик сможет, когда отчёт о выполнении подпишут обе стороны.',
      'Оплата поступит на ваш баланс, когда заказчик примет работу и закроет заявку.',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (detail.status === 'executed') return 'Заказчик принял работу. Оплата поступит на ваш баланс, когда он оставит отзыв и закроет заявку.';
  return null;
}

/**
 * The transitions the caller may make now: exactly the bar actions of `allowedActions`; under them,
 * what a step not offered waits for. `asExecutor`: the caller is the named executor.
 */
export function ActionBar({ detail, asExecutor }: { detail: ApplicationLkDetail; asExecutor: boolean }) {
  const headingId = useId();
  const actions = barActions(detail.allowedActions);
  // A dialog stays only while its action is offered (the other party's step may take it away).
  const offered = new Set(actions.map(([, def]) => (def.kind === 'dialog' ? def.dialog : null)));
  const dialog = useOfferedDialog<DetailDialog>((opened) => (offered.has(opened) ? null : ACTION_GONE_MESSAGE));
  // On review with a report not signed by both, «Принять работу» is not offered: say why (its guard's words).
  const awaitingSignatures =
    detail.status === 'on_review' &&
    detail.allowedActions.includes('application/send/revision') &&
    !detail.allowedActions.includes('application/verification') &&
    awaitsSignatures(detail.report);
  const awaited = startAwaits(detail) ?? (asExecutor ? handoverAwaits(detail) : customerStartAwaits(detail));
  // A user acting for both sides takes no step of the deal: the API says why, rather than no buttons at all.
  const withheld = detail.actionsWithheld;
  if (actions.length === 0 && !dialog.subject && !awaitingSignatures && !awaited && !withheld) return null;
  return (
    <section className="detail-actions" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-visually-hidden">
        Действия с заявкой
      </h2>
      {actions.length > 0 && (
        <div className="detail-actions__list">
          {actions.map(([path, def]) => (
            <BarAction
              key={path}
              path={path}
              // A review given already is changed, not left again.
              def={path === 'application/review' && detail.review ? { ...def, label: 'Изменить отзыв' } : def}
              detail={detail}
              onOpen={dialog.open}
            />
          ))}
        </div>
      )}
      {awaitingSignatures && <p className="detail-muted">Принять работу можно, когда отчёт о выполнении подпишут обе стороны.</p>}
      {awaited && <p className="detail-muted">{awaited}</p>}
      {withheld && <p className="detail-muted">{withheld}.</p>}
      {dialog.subject && <TransitionDialog dialog={dialog.subject} detail={detail} onClose={dialog.close} />}
    </section>
  );
}
