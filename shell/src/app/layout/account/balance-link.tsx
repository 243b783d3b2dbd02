import { Link } from 'react-router-dom';
import { formatMoney } from 'shared';
import { useBalance } from './api/get-balance';

/** The active profile's balance, a link to /lk/money; hidden until known. */
export function BalanceLink() {
  const { data } = useBalance();
  if (!data) return null;
  const amount = formatMoney(data.amount);
  return (
    <Link className="app-account__balance" to="/lk/money" aria-label={`Баланс: ${amount}`}>
      {amount}
    </Link>
  );
}
