import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { formatMoney } from 'shared';
import { BalanceAmount } from './balance-link';

const balance = (amount: number) => {
  const { unmount } = render(
    <MemoryRouter>
      <BalanceAmount amount={amount} />
    </MemoryRouter>,
  );
  return { link: screen.getByRole('link', { name: `Баланс: ${formatMoney(amount)}` }), unmount };
};

test('the kopecks of 1 000 ₽ and more are apart, for the tightest row to leave out; the name and title keep them', () => {
  const { link } = balance(8999.5);
  expect(link.textContent).toBe(formatMoney(8999.5));
  expect(link).toHaveAttribute('title', formatMoney(8999.5));
  expect(link.querySelector('.app-account__kopecks')).toHaveTextContent(/^,50$/);
});

test('below 1 000 ₽ the kopecks are always shown: 0,50 ₽ never reads «0 ₽» (QA BAA-1)', () => {
  for (const amount of [0.5, 999.99, -0.5]) {
    const { link, unmount } = balance(amount);
    expect(link.textContent).toBe(formatMoney(amount));
    expect(link.textContent).toMatch(/,\d\d\s₽$/u);
    expect(link.querySelector('.app-account__kopecks')).toBeNull();
    unmount();
  }
});

test('a whole amount has no kopecks and no title', () => {
  const { link } = balance(1500);
  expect(link.textContent).toBe(formatMoney(1500));
  expect(link).not.toHaveAttribute('title');
});
