import { useEffect, useState } from 'react';
import { Button, EmptyState, errorMessage, ErrorState, LoadingSkeleton, type SessionProfile, Skeleton, useQueryRetry, VisuallyHidden } from 'shared';
import { payoutRequisites, useProfileRights, type BankRequisite } from 'shared/lk';
import { removalFallback, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useFirstLoadFailures, type LoadingSection } from '../../../lib/use-first-load-failures';
import { useBalance } from '../api/get-balance';
import { useBalanceHistory } from '../api/get-balance-history';
import { useCurrencies, useRequisites } from '../api/get-requisites';
import { BalanceCard } from './balance-card';
import { HistoryList } from './history-list';
import { RequisiteDeleteDialog } from './requisite-delete-dialog';
import { RequisiteDialog } from './requisite-dialog';
import { REQUISITE_ROWS, RequisiteList, requisiteTitleId } from './requisite-list';
import { WithdrawDialog } from './withdraw-dialog';

type Open = { kind: 'withdraw' } | { kind: 'requisite'; requisite?: BankRequisite } | { kind: 'delete'; requisite: BankRequisite } | null;

/** /lk/money for a chosen profile: balance, history, requisites and the dialogs that change them. */
export function MoneyView({ profile, page }: { profile: SessionProfile; page: number }) {
  const rights = useProfileRights(profile);
  const requisites = useRequisites(profile.id);
  // «Повторить» stays, busy, until the answer; then the section's heading takes the focus.
  const requisitesRetry = useQueryRetry<HTMLHeadingElement>(requisites);
  const balance = useBalance(profile.id);
  const history = useBalanceHistory(profile.id, page);
  // The history's «Повторить» once the page's alert has said its failure (HistoryList): the heading takes the focus after.
  const historyRetry = useQueryRetry<HTMLHeadingElement>(history);
  // Several sections failing at once: one alert says so, not one each.
  const section = (what: string, query: { isPending: boolean; isError: boolean; data: unknown; error: unknown }): LoadingSection => ({
    what,
    pending: query.isPending,
    failed: query.isError && query.data === undefined,
    error: query.error,
  });
  const failures = useFirstLoadFailures({
    balance: section('баланс', balance),
    history: section('историю операций', history),
    requisites: section('банковские реквизиты', requisites),
  });
  // Ready before the requisite form opens.
  useCurrencies({ enabled: rights.canManage });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // A saved requisite's card takes the focus once the dialog has gone: its opener may have gone too
  // (the empty state's «Добавить реквизиты»), and the keyboard user lands on what he made.
  const [savedId, setSavedId] = useState<number | null>(null);
  useEffect(() => {
    if (savedId === null || open !== null) return;
    document.getElementById(requisiteTitleId(savedId))?.focus();
    setSavedId(null);
  }, [savedId, open, requisites.data]);

  // A deleted requisite's «Удалить» goes with it: the next one's takes the focus, or «Добавить реквизиты».
  const prepareRemoval = useFocusAfterRemoval(REQUISITE_ROWS, { settled: open === null });

  const items = requisites.data?.items ?? [];
  const rub = payoutRequisites(items);
  const addButton = rights.canManage ? (
    <Button {...removalFallback(REQUISITE_ROWS)} onClick={() => setOpen({ kind: 'requisite' })}>
      Добавить реквизиты
    </Button>
  ) : null;

  return (
    <>
      {failures.summary && <VisuallyHidden role="alert">{failures.summary}</VisuallyHidden>}
      <BalanceCard profileId={profile.id} rights={rights} payoutTargets={requisites.data ? rub.length : null} otherCurrencyTargets={items.length - rub.length}
        payoutTargetsFailed={!requisites.data && requisites.isError && !failures.held}
        onWithdraw={() => setOpen({ kind: 'withdraw' })}
        held={failures.held} announce={failures.announce('balance')} />

      <section className="money-section" aria-labelledby="money-history-title">
        <h2 ref={historyRetry.target} id="money-history-title" tabIndex={-1}>
          История операций
        </h2>
        <HistoryList profileId={profile.id} page={page} titleId="money-history-title" retry={historyRetry}
          held={failures.held} announce={failures.announce('history')} />
      </section>

      <section className="money-section" aria-labelledby="money-requisites-title" aria-busy={requisites.isPending}>
        <div className="money-section__header">
          <h2 ref={requisitesRetry.target} id="money-requisites-title" tabIndex={-1}>
            Банковские реквизиты
          </h2>
          {items.length > 0 && addButton}
        </div>
        {!rights.canManage && !rights.isPending && <p className="money-section__note">Реквизиты организации добавляет и изменяет её руководитель.</p>}
        {requisitesRetry.loading || (failures.held && requisitesRetry.failed) ? (
          <LoadingSkeleton>
            {/* Said in words (the skeleton is hidden from a screen reader). */}
            <p role="status" className="ui-visually-hidden">
              Загружаем реквизиты…
            </p>
            <Skeleton shape="block" height="9rem" />
          </LoadingSkeleton>
        ) : requisitesRetry.failed || !requisites.data ? (
          <ErrorState
            announce={failures.announce('requisites')}
            title="Не удалось загрузить реквизиты"
            message={errorMessage(requisitesRetry.error)}
            retrying={requisitesRetry.retrying}
            onRetry={requisitesRetry.retry}
          />
        ) : items.length === 0 ? (
          <EmptyState
            title="Реквизитов пока нет"
            // An employee cannot add one (the note above says who does): no call to do it.
            description={rights.canManage ? 'Добавьте счёт, на который будут выводиться деньги с баланса.' : 'Руководитель ещё не добавил счёт организации для вывода денег.'}
            action={addButton}
          />
        ) : (
          <RequisiteList
            requisites={items}
            canManage={rights.canManage}
            onEdit={(requisite) => setOpen({ kind: 'requisite', requisite })}
            onDelete={(requisite) => setOpen({ kind: 'delete', requisite })}
          />
        )}
      </section>

      {open?.kind === 'withdraw' && balance.data && <WithdrawDialog available={balance.data.amount} requisites={rub} otherCurrency={items.length - rub.length} onClose={close} />}
      {open?.kind === 'requisite' && (
        <RequisiteDialog profileId={profile.id} requisite={open.requisite} organization={profile.type === 'organization'} onClose={close} onSaved={setSavedId} />
      )}
      {open?.kind === 'delete' && <RequisiteDeleteDialog profileId={profile.id} requisite={open.requisite} prepareRemoval={prepareRemoval} onClose={close} />}
    </>
  );
}
