import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import {
  apiRequest,
  bodySchemaOf,
  Button,
  formatDateTime,
  formatMoney,
  pluralize,
  replyAgreedPrice,
  SELF_DEALING_MESSAGE,
  writeToPath,
  type ApplicationLkDetail,
  type Reply,
} from 'shared';
import { applicationNamedExecutor, applicationReplyReject, applicationReplyRemove } from 'shared/lk';
import { actionLabel, type CallConfirm } from '../lib/action-map';
import { CallButton } from './call-button';
import { isDealDone, PROFILE_TYPE_LABELS, replyStatusLabel } from '../lib/labels';
import { CommentDialog } from './comment-dialog';
import { ACTION_GONE_MESSAGE, useOfferedDialog } from '../hooks/use-offered-dialog';

const rejectSchema = bodySchemaOf(applicationReplyReject);

/** Withdrawing cannot be undone, and replying again is only possible while replies are taken. */
export const WITHDRAW_CONFIRM: CallConfirm = {
  title: 'Отозвать отклик?',
  description: 'Заказчик больше не сможет выбрать вас по этому отклику, и вернуть его нельзя. Откликнуться заново можно, только пока заявка принимает отклики.',
  confirmLabel: 'Отозвать отклик',
  danger: true,
};

/**
 * The price a deal with this reply is agreed at (§8: the reply's, else the application's), said
 * before naming: a reply's own price replaces the application's in the invoice and the contract.
 */
function agreedAt(reply: Reply, applicationPrice: number | null): string {
  if (reply.price !== null && reply.price !== applicationPrice) {
    return `по цене из отклика — ${formatMoney(reply.price)}${applicationPrice ? ` (в заявке ${formatMoney(applicationPrice)})` : ''}`;
  }
  const price = replyAgreedPrice(reply, applicationPrice);
  // Lowered since the reply: he agreed to the price he saw, not to the new one.
  if (price !== null && price !== applicationPrice) return `по цене заявки на момент отклика — ${formatMoney(price)} (${applicationPrice ? `сейчас в заявке ${formatMoney(applicationPrice)}` : 'сейчас цена заявки договорная'})`;
  return price ? `по цене заявки — ${formatMoney(price)}` : 'по договорной цене';
}

/** Naming fixes the deal (§5: `executor_named`) and its price; undoing it is stopping the executor's work. */
export const chooseConfirm = (who: string, agreed: string): CallConfirm => ({
  title: 'Выбрать исполнителем?',
  description: `${who} станет исполнителем заявки ${agreed}, заявка перейдёт в статус «Исполнитель выбран», а сменить исполнителя можно будет, только остановив его работу.`,
  confirmLabel: 'Выбрать исполнителем',
});

/**
 * A reply's own price, else the application's: the price it would be agreed at. Whatever the
 * reply's status, «по цене заявки» names the amount (the customer's asked price), so a list of
 * live and closed replies reads alike.
 */
function priceOf(reply: Reply, applicationPrice: number | null): string {
  if (reply.price !== null) return formatMoney(reply.price);
  const price = replyAgreedPrice(reply, applicationPrice);
  if (price !== null && price !== applicationPrice) return `По цене заявки на момент отклика: ${formatMoney(price)}`;
  return price ? `По цене заявки: ${formatMoney(price)}` : 'Цена не указана';
}

/**
 * Replies shown before «Показать все отклики»: a popular application's sixty replies made one
 * column of 20 000 px, with the deal's documents and history under it.
 */
export const REPLIES_SHOWN = 10;

const REPLIES = ['отклик', 'отклика', 'откликов'] as const;

/** Said on a reply the customer may not choose, in the API's words for its refusal. */
export const SAME_USER_TEXT = `${SELF_DEALING_MESSAGE}.`;

/** A live reply once an executor is chosen (the others say their own status). */
const STANDING_LABELS: Partial<Record<string, string>> = { named: 'Выбран исполнителем', reserve: 'В резерве', passed: 'Не выбран' };

interface ReplyItemProps {
  reply: Reply;
  /** The first of those «Показать все отклики» revealed: it takes the focus. */
  itemRef?: Ref<HTMLLIElement>;
  /** The application's price: a reply without its own is an offer at it (§8: the agreed price is the reply's, else the application's). */
  applicationPrice: number | null;
  applicationId: number;
  allowed: ReadonlySet<string>;
  asCustomer: boolean;
  /** Whom the customer has chosen, if anyone: his live reply is the named one, the others wait in reserve. */
  executorId: number | null;
  /** The work is accepted: a live reply not chosen is no reserve any more. */
  dealDone: boolean;
  onReject: (reply: Reply) => void;
}

function ReplyItem({ reply, itemRef, applicationPrice, applicationId, allowed, asCustomer, executorId, dealDone, onReject }: ReplyItemProps) {
  const live = reply.status === 'active';
  // A live reply once an executor is chosen: his is «Выбран исполнителем»; another stays in force (if
  // the deal falls through the customer may choose it), «В резерве» rather than an «Активен» he can't act on.
  // Once the work is accepted no deal falls through: «Не выбран».
  // A closed one says how it closed: refused, withdrawn, or its deal ended (`ended`: stopped, cancelled).
  const standing = !live ? (reply.ended ?? reply.status) : executorId === null ? reply.status : executorId === reply.executor.id ? 'named' : dealDone ? 'passed' : 'reserve';
  const who = reply.executor.name;
  const can = (path: string) => live && allowed.has(path);
  return (
    <li className="detail-reply" ref={itemRef} tabIndex={itemRef ? -1 : undefined}>
      <div className="detail-reply__head">
        <p className="detail-reply__name">
          {/* His public page (rating, work done, reviews), where the catalogue has him: to choose by more than a price. */}
          {reply.executor.listed ? <Link to={`/executor/${reply.executor.id}`}>{who}</Link> : who}{' '}
          <span className="detail-muted">· {PROFILE_TYPE_LABELS[reply.executor.type]}</span>
        </p>
        <span className={`detail-badge detail-badge--${standing}`}>{STANDING_LABELS[standing] ?? replyStatusLabel(reply)}</span>
      </div>
      <p className="detail-reply__meta">
        {priceOf(reply, applicationPrice)} · <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
      </p>
      <p className="detail-reply__comment">{reply.comment}</p>
      {/* A closed reply says why (a reason the rejection, the stop or the cancel gave). */}
      {!live && reply.reason && <p className="detail-reply__reason">Причина: {reply.reason}</p>}
      <div className="detail-buttons">
        {asCustomer && (
          <Link className="detail-write" to={writeToPath(applicationId, reply.executor.id)} aria-label={`Написать исполнителю: ${who}`}>
            Написать исполнителю
          </Link>
        )}
        {/* One user acts for this executor and for the customer: naming him is refused (the API's 403), so it is not offered. */}
        {asCustomer && live && reply.sameUser && <p className="detail-muted">{SAME_USER_TEXT}</p>}
        {asCustomer && can('application/named/executor') && !reply.sameUser && (
          <CallButton
            size="sm"
            aria-label={`${actionLabel('application/named/executor')}: ${who}`}
            confirm={chooseConfirm(who, agreedAt(reply, applicationPrice))}
            request={() => ({
              run: () => apiRequest(applicationNamedExecutor, { body: { id: applicationId, replyId: reply.id } }),
              success: 'Исполнитель выбран',
              landed: { id: applicationId, when: (fresh) => fresh.status === 'executor_named' && fresh.executor?.id === reply.executor.id },
            })}
          >
            {actionLabel('application/named/executor')}
          </CallButton>
        )}
        {asCustomer && can('application/reply/reject') && (
          <Button size="sm" variant="secondary" aria-haspopup="dialog" aria-label={`${actionLabel('application/reply/reject')} отклик: ${who}`} onClick={() => onReject(reply)}>
            {actionLabel('application/reply/reject')}
          </Button>
        )}
        {!asCustomer && can('application/reply/remove') && (
          <CallButton
            size="sm"
            variant="secondary"
            confirm={WITHDRAW_CONFIRM}
            request={() => ({ run: () => apiRequest(applicationReplyRemove, { body: { id: applicationId } }), success: 'Отклик отозван', landed: { id: applicationId, part: 'withdrawn' } })}
          >
            {actionLabel('application/reply/remove')}
          </CallButton>
        )}
      </div>
    </li>
  );
}

/** The customer sees every reply with «Выбрать исполнителем» and «Отклонить»; an executor its own. */
export function RepliesSection({ detail, asCustomer }: { detail: ApplicationLkDetail; asCustomer: boolean }) {
  const headingId = useId();
  const allowed = new Set(detail.allowedActions);
  // The reply being rejected may close meanwhile (withdrawn, rejected or chosen by a colleague): its dialog goes.
  const rejectable = (reply: Reply) => allowed.has('application/reply/reject') && detail.replies.some((r) => r.id === reply.id && r.status === 'active');
  const rejectDialog = useOfferedDialog<Reply>((reply) => (rejectable(reply) ? null : ACTION_GONE_MESSAGE));
  const rejecting = rejectDialog.subject;
  // Where «Показать все отклики» revealed the rest from: the first of them takes the focus.
  const [revealedFrom, setRevealedFrom] = useState<number | null>(null);
  const revealed = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (revealedFrom !== null) revealed.current?.focus();
  }, [revealedFrom]);
  const { replies } = detail;
  if (!asCustomer && replies.length === 0) return null;
  // The chosen executor's reply is never among the hidden ones.
  const named = replies.findIndex((reply) => reply.status === 'active' && reply.executor.id === detail.executor?.id);
  const shown = revealedFrom !== null ? replies.length : Math.max(REPLIES_SHOWN, named + 1);
  const hidden = replies.length - shown;
  const id = detail.id;
  return (
    <section className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{asCustomer ? `Отклики (${replies.length})` : replies.length > 1 ? 'Ваши отклики' : 'Ваш отклик'}</h2>
      {replies.length === 0 ? (
        <p className="detail-muted">Откликов пока нет.</p>
      ) : (
        <ul className="detail-replies">
          {replies.slice(0, shown).map((reply, i) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              itemRef={i === revealedFrom ? revealed : undefined}
              applicationPrice={detail.askedPrice ?? detail.price}
              applicationId={id}
              allowed={allowed}
              asCustomer={asCustomer}
              executorId={detail.executor?.id ?? null}
              dealDone={isDealDone(detail.status)}
              onReject={rejectDialog.open}
            />
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <div className="detail-buttons">
          <Button
            size="sm"
            variant="secondary"
            // The name starts with the words shown, and says how many are still hidden.
            aria-label={`Показать все отклики (${replies.length}): ещё ${hidden} ${pluralize(hidden, REPLIES)}`}
            onClick={() => setRevealedFrom(shown)}
          >
            Показать все отклики ({replies.length})
          </Button>
        </div>
      )}
      {rejecting && (
        <CommentDialog
          title="Отклонить отклик"
          description={`Отклик: ${rejecting.executor.name}. Исполнитель увидит причину, если вы её укажете.`}
          label="Причина (необязательно)"
          submitLabel="Отклонить отклик"
          schema={rejectSchema}
          toBody={(reason) => (reason.trim() ? { id, replyId: rejecting.id, reason } : { id, replyId: rejecting.id })}
          request={(body) => ({ run: () => apiRequest(applicationReplyReject, { body }), success: 'Отклик отклонён' })}
          onClose={rejectDialog.close}
        />
      )}
    </section>
  );
}
