import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from 'shared';
import { useActiveProfile } from 'shared/lk';
import { MoneyView } from '../features/money/components/money-view';
import '../features/money/components/money.css';

const TITLE = 'Баланс';

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
  if (active.isPending) return <PageSkeleton label="Загружаем профиль…" />;

  return (
    <section className="money-page">
      <PageHeader title={TITLE} description="Деньги за выполненные заявки, история операций и вывод на банковский счёт." />
      {active.profile ? (
        // Another profile is another page: its first load (and what fails of it) is said anew.
        <MoneyView key={active.profile.id} profile={active.profile} page={pageOf(params)} />
      ) : active.isError ? (
        <ErrorState message="Не удалось загрузить профили" onRetry={() => void active.refetch()} />
      ) : (
        <EmptyState title="Профиль не выбран" description="Баланс ведётся для каждого профиля отдельно." action={<Link to="/lk/profile">Выбрать профиль</Link>} />
      )}
    </section>
  );
}
