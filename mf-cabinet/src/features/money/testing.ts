import { useSessionStore, type SessionProfileType } from 'shared';
import { listAnswer, ok, serveApi, type FetchHandler } from 'shared/testing';

/** A logged-in user acting as a profile of this type (what the shell's guards leave behind). */
export function signInAs(type: SessionProfileType, profileId = 12) {
  const store = useSessionStore.getState();
  store.setTokens('access-token', 'refresh-token');
  store.setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: profileId });
  store.setProfiles([{ id: profileId, type, name: type === 'organization' ? 'ООО «Ромашка»' : 'Иван Петров', active: true }]);
}

export const RUB = { id: 1, code: 'RUB', name: 'Российский рубль' };
export const USD = { id: 2, code: 'USD', name: 'Доллар США' };

/** Valid numbers: Sberbank's BIC and correspondent account, an INN and an account whose keys check. */
export const VALID = {
  recipientName: 'Иван Петров',
  inn: '7707083893',
  bic: '044525225',
  correspondentAccount: '30101810400000000225',
  account: '40817810899910004312',
};

export const requisite = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  ...VALID,
  kpp: null,
  bankName: 'ПАО Сбербанк',
  currency: RUB,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const historyItem = (id: number, kind: string, amount: number, overrides: Record<string, unknown> = {}) => ({
  id,
  kind,
  title: `Операция ${id}`,
  amount,
  amountKopecks: Math.round(amount * 100),
  informational: kind === 'hold',
  applicationId: null,
  applicationNumber: null,
  payoutId: null,
  payoutStatus: null,
  payoutFailureReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The money API as a small server: a withdrawal lowers the balance the next reads answer. */
export function serveMoney(routes: Record<string, FetchHandler> = {}, { balance = 1500.5, requisites = [requisite(5)] } = {}) {
  const state = { balance, requisites };
  return serveApi({
    'GET balance/get/token': () => ok({ profileId: 12, amount: state.balance, currency: 'RUB' }),
    'GET balance/history/get-collection': () =>
      // Titles as the API builds them (api/src/modules/money/cabinet.ts): they say the kind of the line.
      listAnswer([
        historyItem(3, 'release', 2000, { title: 'Оплата за выполненную заявку №1005' }),
        historyItem(2, 'fee', -100, { title: 'Комиссия платформы по заявке №1005' }),
        historyItem(1, 'withdrawal', -399.5, { title: 'Вывод средств на банковский счёт ••••4312 (выплата № 1)', payoutId: 1, payoutStatus: 'completed' }),
      ], { limit: 20 }),
    'GET bank-requisite/get-collection': () => listAnswer(state.requisites, { limit: 50 }),
    'GET bank-requisite/currency/get-collection': () => ok({ items: [RUB, USD] }),
    ...routes,
  });
}

/** The `Idempotency-Key` of every withdrawal request so far. */
export function withdrawalKeys(mock: jest.Mock): (string | undefined)[] {
  return (mock.mock.calls as [URL | string, RequestInit | undefined][])
    .filter(([input]) => String(input).includes('balance/refund_virtual_account'))
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
}
