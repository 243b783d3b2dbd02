import { Link } from 'react-router-dom';
import { formatMoney } from 'shared';
import { useBalance } from './api/get-balance';

/** '7 957,55 ₽' → ['7 957', ',55', ' ₽']: the roubles, the kopecks (or ''), the sign. */
function partsOf(amount: string): [string, string, string] {
  const match = /^(.*?)(,\d{2})?(\s₽)$/u.exec(amount);
  return match ? [match[1]!, match[2] ?? '', match[3]!] : [amount, '', ''];
}

/**
 * The active profile's balance, a link to /lk/money; hidden until known. Where the header's row
 * is tightest (1280–1439 px, account.css) its kopecks are not shown: «7 957,55 ₽» there pushed the
 * active profile onto two lines broken mid-word («Исполните-ль»). The link's name and its title
 * keep the exact amount; /lk/money shows it too.
 */
export function BalanceLink() {
  const { data } = useBalance();
  if (!data) return null;
  const amount = formatMoney(data.amount);
  const [roubles, kopecks, sign] = partsOf(amount);
  return (
    <Link className="app-account__balance" to="/lk/money" aria-label={`Баланс: ${amount}`} title={kopecks ? amount : undefined}>
      {roubles}
      {kopecks && <span className="app-account__kopecks">{kopecks}</span>}
      {sign}
    </Link>
  );
}
