import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { asParty, newParty, type Party, publishApplication } from './support/deal';

// Issue 11: two API nodes behind one port (E2E_API_NODES=2 → `scripts/run.mjs serve --api-nodes 2`):
// the proxy sends REST calls to node 1 and the browsers' sockets to node 2, so an event caused by a
// REST call reaches a browser only if it crossed nodes through Redis. Needs DATABASE_URL and
// REDIS_URL (.ci/run starts both); in the ordinary run it is skipped.

test.skip(process.env.E2E_API_NODES !== '2', 'needs two API nodes: E2E_API_NODES=2 with DATABASE_URL and REDIS_URL (see .ci/run)');

/**
 * A realtime event a journey carries from node 1 to node 2. To carry another, write one more of
 * these and add it to the list at the end: what the receiver has
 * open, the sender's REST calls, and what the receiver's page shows without a reload.
 */
interface CrossNodeEvent {
  sender: 'customer' | 'executor';
  receiver: 'customer' | 'executor';
  /** The receiver's page, open (and its socket bound) before the sender acts. */
  receiverPath: string;
  /** The sender's REST calls (node 1); answers what the receiver should be shown. */
  send(request: APIRequestContext, sender: Party, receiver: Party): Promise<string>;
  /** The receiver's page shows it live. */
  expectShown(page: Page, shown: string): Promise<void>;
}


/** An executor replies to the customer's application: the customer's header bell and a toast show it. */
const replyNotification: CrossNodeEvent = {
  sender: 'executor',
  receiver: 'customer',
  receiverPath: '/',
  async send(request, executor, customer) {
    const application = await publishApplication(request, customer, { name: 'Заменить проводку в квартире', description: 'Двухкомнатная квартира, 54 м²', price: 42000 });
    await asParty(request, executor, 'POST', 'application/reply/send', { id: application.id, comment: 'Сделаю за три дня' });
    return `Новый отклик на заявку № ${application.number}`;
  },
  async expectShown(page, shown) {
    await expect(page.locator('.Toastify').getByText(shown)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Уведомления, непрочитанных: 1' })).toBeVisible();
  },
};

/**
 * The executor writes to the customer about her application (`message/create` on node 1): the
 * customer's header badge (mf-messaging) counts it and her open conversation list shows it live.
 */
const chatMessage: CrossNodeEvent = {
  sender: 'executor',
  receiver: 'customer',
  receiverPath: '/lk/message',
  async send(request, executor, customer) {
    const application = await publishApplication(request, customer, { name: 'Покрасить забор', description: 'Деревянный забор, 30 м', price: 15000 });
    const text = 'Здравствуйте! Забор покрашу за выходные.';
    await asParty(request, executor, 'POST', 'message/create', { applicationId: application.id, text });
    return text;
  },
  async expectShown(page, shown) {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Сообщения, непрочитанных: 1' })).toBeVisible();
    await expect(page.getByRole('main').getByText(shown)).toBeVisible();
  },
};

for (const [name, EVENT] of Object.entries({ 'a notification': replyNotification, 'a chat message': chatMessage })) {
  test(`${name}: a REST call served by node 1 reaches the other user’s browser live through node 2`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const parties = {
      customer: await newParty(browser, request, 'customer', 'Галина Узлова'),
      executor: await newParty(browser, request, 'executor', 'Борис Соседов'),
    };
    const sender = parties[EVENT.sender];
    const receiver = parties[EVENT.receiver];
    const page = receiver.page;

    // The shell binds its socket after every connect: once that answers, the socket (node 2) is in
    // the receiver's rooms.
    const bound = page.waitForResponse((r) => r.url().endsWith('/api/user/socket/update') && r.ok());
    await page.goto(EVENT.receiverPath);
    await bound;
    await expect(page.getByRole('button', { name: /^Уведомления, непрочитанных: 0$/ })).toBeVisible();

    const shown = await EVENT.send(request, sender, receiver);
    await EVENT.expectShown(page, shown);

    await parties.customer.context.close();
    await parties.executor.context.close();
  });
}
