import { useSearchParams } from 'react-router-dom';
import { PageHeader, PageSkeleton, type SessionProfileType } from 'shared';
import { NoProfileState, ProfileLoadError, useActiveProfile } from 'shared/lk';
import { MoneyView } from '../features/money/components/money-view';
import '../features/money/components/money.css';

const TITLE = 'Баланс';

/**
 * What comes onto the balance is the profile's side of the deals (ARCHITECTURE §8 "Payment and
 * money"): an executor is paid for closed work, a customer gets back what a cancelled or stopped
 * deal had paid; an organisation may be either.
 */
const DESCRIPTIONS: Record<SessionProfileType, string> = {
  executor: 'Деньги за выполненные заявки, история операций и вывод на банковский счёт.',
  customer: 'Возвраты оплаты по заявкам, история операций и вывод на банковский счёт.',
  organization: 'Деньги за выполненные заявки и возвраты оплаты, история операций и вывод на банковский счёт.',
};
const NO_PROFILE_DESCRIPTION = 'История операций и вывод на банковский счёт.';

/** `?page=` of the history: a positive integer, else the first page. */
function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** `/lk/money`: the active profile's balance, its history, bank requisites and withdrawal. */
export function Component() {
  const [params] = useSearchParams();
  const active = useActiveProfile();
  // The profile, not yet the balance: its card says «Загружаем баланс…» once it is asked for.
  if (active.isPending) return <PageSkeleton label="Загружаем профиль…" title={TITLE} />;

  return (
    <section className="money-page">
      <PageHeader title={TITLE} description={active.profile ? DESCRIPTIONS[active.profile.type] : NO_PROFILE_DESCRIPTION} />
      {active.profile ? (
        // Another profile is another page: its first load (and what fails of it) is said anew.
        <MoneyView key={active.profile.id} profile={active.profile} page={pageOf(params)} />
      ) : active.isError ? (
        <ProfileLoadError active={active} />
      ) : (
        <NoProfileState description="Баланс ведётся для каждого профиля отдельно." />
      )}
    </section>
  );
}
