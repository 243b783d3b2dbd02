import { Link } from 'react-router-dom';
import { formatMoney } from 'shared';
import { useBalance } from './api/get-balance';

/** '7 957,55 ₽' → ['7 957', ',55', ' ₽']: the roubles, the kopecks (or ''), the sign. */
function partsOf(amount: string): [string, string, string] {
  const match = /^(.*?)(,\d{2})?(\s₽)$/u.exec(amount);
  return match ? [match[1]!, match[2] ?? '', match[3]!] : [amount, '', ''];
}

/** Below this many roubles the kopecks are shown in the tightest row too (no wider than «999 999 ₽»). */
const KOPECKS_ALWAYS_BELOW = 1000;

/**
 * The active profile's balance, a link to /lk/money; hidden until known. Where the header's row
 * is tightest (1280–1439 px, account.css) the kopecks of 1 000 ₽ and more are not shown: «7 957,55 ₽»
 * there pushed the active profile onto two lines broken mid-word («Исполните-ль»). Below 1 000 ₽
 * they are the amount's larger part (0,50 ₽ read «0 ₽», QA BAA-1) and always shown. The link's name
 * and its title keep the exact amount; /lk/money shows it too.
 */
export function BalanceLink() {
  const { data } = useBalance();
  if (!data) return null;
  return <BalanceAmount amount={data.amount} />;
}

export function BalanceAmount({ amount: value }: { amount: number }) {
  const amount = formatMoney(value);
  const [roubles, kopecks, sign] = partsOf(amount);
  return (
    <Link className="app-account__balance" to="/lk/money" aria-label={`Баланс: ${amount}`} title={kopecks ? amount : undefined}>
      {roubles}
      {kopecks && <span className={Math.abs(value) < KOPECKS_ALWAYS_BELOW ? undefined : 'app-account__kopecks'}>{kopecks}</span>}
      {sign}
    </Link>
  );
}
