import { Link } from 'react-router-dom';
import { Button, Card, errorMessage, formatMoney, Skeleton } from 'shared';
import { useBalance } from '../api/get-overview-data';

/** The active profile's balance, leading to /lk/money. */
export function BalanceCard({ profileId }: { profileId: number }) {
  const balance = useBalance(profileId);
  return (
    <Card as="section" className="overview-card" aria-labelledby="overview-balance-title" aria-busy={balance.isPending}>
      <h2 id="overview-balance-title" className="overview-card__title">
        Баланс
      </h2>
      {balance.isPending ? (
        <Skeleton width="8rem" height="2rem" />
      ) : balance.isError ? (
        <div role="alert" className="overview-card__error">
          <p>Не удалось загрузить баланс: {errorMessage(balance.error)}</p>
          <Button variant="secondary" size="sm" loading={balance.isRefetching} onClick={() => void balance.refetch()}>
            Повторить
          </Button>
        </div>
      ) : (
        <p className="overview-card__value overview-card__value--money">{formatMoney(balance.data.amount)}</p>
      )}
      <Link className="overview-card__link" to="/lk/money">
        История операций и вывод средств
      </Link>
    </Card>
  );
}
