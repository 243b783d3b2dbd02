import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { Button, focusLost, formatMoney, Skeleton, useQueryRetry } from 'shared';
import { type ProfileRights } from 'shared/lk';
import { QueryCard } from '../../../components/query-card';
import { useBalance } from '../api/get-balance';
import { NO_PAYOUT_TARGET_REASON, OTHER_CURRENCY_HINT } from './withdraw-dialog';

export interface BalanceCardProps {
  profileId: number;
  rights: ProfileRights;
  /** How many requisites the balance may go to (RUB); null while unknown. */
  payoutTargets: number | null;
  /** How many requisites of the profile it may not go to (another currency). */
  otherCurrencyTargets?: number;
  /** The requisites could not be loaded: the withdrawal waits for them, and says so. */
  payoutTargetsFailed?: boolean;
  onWithdraw: () => void;
  /** The page's first load is not all in: a failure still shows as loading (useFirstLoadFailures). */
  held?: boolean;
  /** False when the page's one alert has said that the balance failed. */
  announce?: boolean;
}

export const REQUISITES_FAILED_REASON = 'Не удалось загрузить банковские реквизиты, поэтому вывод пока недоступен. Повторите загрузку в разделе «Банковские реквизиты».';

const TITLE_ID = 'money-balance-title';

/** Why the withdrawal button is not there, in words; null when it is. */
function blockedReason(rights: ProfileRights, payoutTargets: number | null, otherCurrencyTargets: number, amount: number): string | null {
  if (!rights.canManage) return 'Выводить средства организации может только её руководитель.';
  if (payoutTargets === null) return REQUISITES_FAILED_REASON;
  // Accounts listed below, yet none to withdraw to: why they do not count is said first.
  if (payoutTargets === 0) return otherCurrencyTargets > 0 ? `${OTHER_CURRENCY_HINT}. ${NO_PAYOUT_TARGET_REASON}` : NO_PAYOUT_TARGET_REASON;
  if (amount <= 0) return 'На балансе нет средств для вывода.';
  return null;
}

/** The balance on one line, its type as small as its length needs to fit the card (money.css). */
function BalanceAmount({ amount }: { amount: number }) {
  const text = formatMoney(amount);
  return (
    <p className="money-balance__amount" style={{ '--amount-chars': text.length } as CSSProperties}>
      {text}
    </p>
  );
}

/** The active profile's balance and the way out of it. */
export function BalanceCard({ profileId, rights, payoutTargets, otherCurrencyTargets = 0, payoutTargetsFailed = false, onWithdraw, held, announce }: BalanceCardProps) {
  const balance = useBalance(profileId);
  const retry = useQueryRetry<HTMLHeadingElement>(balance);
  const ready = !rights.isPending && (payoutTargets !== null || payoutTargetsFailed);
  const reason = balance.data ? blockedReason(rights, payoutTargets, otherCurrencyTargets, balance.data.amount) : null;
  // The whole balance withdrawn, «Вывести средства» goes from under the focus the dialog gave back
  // to it: the card's heading takes it (not the body), and the reason why is read next.
  const offered = ready && reason === null && balance.data !== undefined;
  const wasOffered = useRef(offered);
  useLayoutEffect(() => {
    if (wasOffered.current && !offered && focusLost()) document.getElementById(TITLE_ID)?.focus();
    wasOffered.current = offered;
  }, [offered]);
  return (
    <QueryCard
      title="Доступно для вывода"
      titleId={TITLE_ID}
      className="money-balance"
      titleClassName="money-balance__title"
      query={balance}
      retry={retry}
      what="баланс"
      held={held}
      announce={announce}
      loading={<Skeleton width="10rem" height="2.5rem" />}
    >
      {({ amount }) => (
        <>
          <BalanceAmount amount={amount} />
          {ready && reason !== null && <p className="money-balance__note">{reason}</p>}
          {offered && (
            <Button className="money-balance__action" onClick={onWithdraw}>
              Вывести средства
            </Button>
          )}
        </>
      )}
    </QueryCard>
  );
}
