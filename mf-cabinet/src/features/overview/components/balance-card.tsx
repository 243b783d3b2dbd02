import { Link } from 'react-router-dom';
import { formatMoney, Skeleton, useQueryRetry } from 'shared';
import { QueryCard } from '../../../components/query-card';
import { useBalance } from '../api/get-overview-data';

/** The active profile's balance, leading to /lk/money. */
export function BalanceCard({ profileId }: { profileId: number }) {
  const balance = useBalance(profileId);
  const retry = useQueryRetry<HTMLHeadingElement>(balance);
  return (
    <QueryCard
      title="Баланс"
      titleId="overview-balance-title"
      className="overview-card"
      titleClassName="overview-card__title"
      query={balance}
      retry={retry}
      what="баланс"
      loading={<Skeleton width="8rem" height="2rem" />}
      footer={
        <Link className="overview-card__link" to="/lk/money">
          История операций и вывод средств
        </Link>
      }
    >
      {(balance) => <p className="overview-card__value overview-card__value--money">{formatMoney(balance.amount)}</p>}
    </QueryCard>
  );
}
