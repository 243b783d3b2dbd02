import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { APPLICATION_CHANGED_EVENT, BALANCE_CHANGED_EVENT, type Notification } from 'shared/contract';
import { makeStaffed, type Staffed } from './organization-helpers';
import { listenOnLoopback, socketClients } from './socket-helpers';

/**
 * Who hears of a deal's step. An organisation carries its deals through its director and
 * employees (ARCHITECTURE §8): a notice to the organisation's profile reaches each of them, not
 * only the director who owns the profile, and never the member who acted. A reply's author hears
 * that the application it waits on is deleted.
 */
let d: DealContext;
let customer: Person;
let replier: Person;
let org: Staffed;

beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer');
  replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
  org = await makeStaffed(d, 'ООО «Бригада»');
});
afterAll(() => d.close());
const connect = socketClients();
let loopbackUrl: Promise<string> | undefined;
/** The app on a loopback port for real sockets: listened once for the file. */
const loopback = () => (loopbackUrl ??= listenOnLoopback(d.app));

const messagesOf = async (who: Person, applicationId: number) =>
  (await d.db.query<{ message: string }>('select message from notifications where user_id = $1 and application_id = $2 order by id', [who.userId, applicationId])).map((n) => n.message);

it('tells the director and the employee of the organisation the customer named, and the customer once when a member acts', async () => {
  // The employee, acting for the organisation, replies and is named.
  const deal = await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier });
  const { number, price } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  const named = `Вас выбрали исполнителем по заявке № ${number}`;
  expect(await messagesOf(org.director, deal.id)).toContain(named);
  expect(await messagesOf(org.employee, deal.id)).toContain(named);

  // The director starts the work for the organisation: the customer hears it once, the director who acted not.
  await d.pay(deal.id, Math.round(price * 100));
  must(await d.api.post(org.director, 'application/start-working/executor', { id: deal.id }), 'start');
  const started = `Заявка № ${number}: в работе`;
  expect((await messagesOf(customer, deal.id)).filter((m) => m === started)).toHaveLength(1);
  expect(await messagesOf(org.director, deal.id)).not.toContain(started);
});

it('names the profile each notice concerns: an employee opens the organisation\'s deal as the organisation', async () => {
  // The employee acts for the organisation from his own account, whose other profile may be the
  // active one: the notice says which profile may open its link.
  const deal = await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier });
  const about = async (who: Person) => must(await d.api.get<{ items: Notification[] }>(who, 'notification/get-collection', {}), 'list').items.filter((n) => n.applicationId === deal.id);
  expect(await about(org.employee)).toContainEqual(expect.objectContaining({ link: `/lk/application/detail/${deal.id}`, profileId: org.organizationId }));
  // The replies told the customer: as the customer's profile.
  const toCustomer = await about(customer);
  expect(toCustomer.length).toBeGreaterThan(0);
  for (const notice of toCustomer) expect(notice.profileId).toBe(customer.profileId);
});

it('tells the executors whose replies were live that the application is deleted, with no link to the gone page', async () => {
  const deal = await applicationIn(d, 'unpublished', { customer, executor: org.employee, replier });
  const { number } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  must(await d.api.call(customer, 'DELETE', 'application/delete', { id: deal.id }), 'delete');
  const rows = await d.db.query<{ message: string; link: string | null; applicationId: number | null }>(
    'select message, link, application_id as "applicationId" from notifications where user_id = $1 order by id desc limit 1',
    [replier.userId],
  );
  expect(rows).toEqual([{ message: `Заказчик удалил заявку № ${number}, на которую вы откликнулись`, link: null, applicationId: null }]);
  // The customer who deleted it is not told.
  const own = await d.db.query('select 1 from notifications where user_id = $1 and message like $2', [customer.userId, 'Заказчик удалил%']);
  expect(own).toEqual([]);
});

it('tells the paid executor to start only when the work may start: an unsigned contract comes first', async () => {
  const executor = await makePerson(d.db, 'executor', 'Исполнитель Оплатов');
  const lastTo = async (who: Person) =>
    (await d.db.query<{ message: string }>('select message from notifications where user_id = $1 order by id desc limit 1', [who.userId]))[0]!.message;
  const payFor = async (id: number) => d.pay(id, Math.round(must(await d.api.get(customer, 'application/get', { id }), 'get').price * 100));

  const withContract = await applicationIn(d, 'executor_named', { customer, executor, replier }, { contract: true });
  await payFor(withContract.id);
  expect(await lastTo(executor)).toMatch(/^Заявка № \d+ оплачена\. Начать работу можно, когда договор подпишут обе стороны$/);

  const without = await applicationIn(d, 'executor_named', { customer, executor, replier });
  await payFor(without.id);
  expect(await lastTo(executor)).toMatch(/^Заявка № \d+ оплачена, можно начинать работу$/);
});

it('tells those whose replies wait of a new price or new terms before anyone is named; not of a save that changed nothing', async () => {
  const deal = await applicationIn(d, 'published', { customer, executor: org.employee, replier });
  const { number, price, description } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');

  must(await d.api.post(customer, 'application/update/price', { id: deal.id, price: price + 500 }), 'price');
  expect(await messagesOf(replier, deal.id)).toEqual([expect.stringMatching(new RegExp(`^Заказчик изменил цену заявки № ${number}: `))]);
  // The same price again, and a save of the terms as they are: nothing new to hear.
  must(await d.api.post(customer, 'application/update/price', { id: deal.id, price: price + 500 }), 'same price');
  must(await d.api.post(customer, 'application/update', { id: deal.id, description }), 'same terms');
  expect(await messagesOf(replier, deal.id)).toHaveLength(1);

  must(await d.api.post(customer, 'application/update', { id: deal.id, description: `${description} Материалы заказчика.` }), 'new terms');
  expect((await messagesOf(replier, deal.id)).at(-1)).toBe(`Заказчик изменил заявку № ${number}, на которую вы откликнулись`);
  // The customer who changed it is not told (he heard of the reply only).
  expect(await messagesOf(customer, deal.id)).toEqual([`Новый отклик на заявку № ${number}: Другой Исполнитель`]);
});

it("tells the acting side's own tabs and its organisation's members that the application changed; not the other side or a stranger", async () => {
  const url = await loopback();
  const deal = await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier });
  const { price } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  await d.pay(deal.id, Math.round(price * 100));
  /** A tab of `who`, keeping the application:changed events it hears. */
  const tab = async (who: { headers: { authorization?: string } }) => {
    const socket = await connect(url, who.headers.authorization!.replace('Bearer ', ''));
    const heard: unknown[] = [];
    socket.on(APPLICATION_CHANGED_EVENT, (payload: unknown) => heard.push(payload));
    return heard;
  };
  const [employeeTab, directorTab, customerTab, replierTab] = [await tab(org.employee), await tab(org.director), await tab(customer), await tab(replier)];

  // The employee starts the work for the organisation: his other tab and the director follow it.
  must(await d.api.post(org.employee, 'application/start-working/executor', { id: deal.id }), 'start');
  for (let i = 0; i < 60 && (employeeTab.length < 1 || directorTab.length < 1); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  expect(employeeTab).toEqual([{ applicationId: deal.id }]);
  expect(directorTab).toEqual([{ applicationId: deal.id }]);
  // The customer hears of it by his notice; the replier, not party to the deal, nothing.
  expect(customerTab).toEqual([]);
  expect(replierTab).toEqual([]);

  // A refused step changes nothing and tells nobody; nor does a draft's autosave (its own form's tab
  // would read it again every few seconds).
  expect((await d.api.post(org.employee, 'application/start-working/executor', { id: deal.id })).status).toBe(409);
  const draft = must(await d.api.post(customer, 'application/draft/upsert', { name: 'Черновик' }), 'draft');
  must(await d.api.post(customer, 'application/draft/upsert', { id: draft.id, name: 'Черновик, правка' }), 'autosave');
  await new Promise((r) => setTimeout(r, 200));
  expect([employeeTab.length, directorTab.length, customerTab.length]).toEqual([1, 1, 0]);
});

it('tells every tab of the profile whose balance a refund or a release moved: the acting customer’s too, and the organisation’s members', async () => {
  const url = await loopback();
  const orgCustomer = await makeStaffed(d, 'ООО «Заказчик»');
  const executor = await makePerson(d.db, 'executor', 'Исполнитель С Балансом');
  const deal = await applicationIn(d, 'in_work', { customer: orgCustomer.employee, executor, replier });
  const tab = async (who: { headers: { authorization?: string } }) => {
    const socket = await connect(url, who.headers.authorization!.replace('Bearer ', ''));
    const heard: unknown[] = [];
    socket.on(BALANCE_CHANGED_EVENT, (payload: unknown) => heard.push(payload));
    return heard;
  };
  const [employeeTab, directorTab, executorTab] = [await tab(orgCustomer.employee), await tab(orgCustomer.director), await tab(executor)];

  // The employee stops the work: the refund lands on the organisation's balance, which the director has open.
  must(await d.api.post(orgCustomer.employee, 'application/stop-working/executor', { id: deal.id, comment: 'Не нужно' }), 'stop');
  for (let i = 0; i < 60 && (employeeTab.length < 1 || directorTab.length < 1); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  expect(employeeTab).toEqual([{ profileId: orgCustomer.organizationId }]);
  expect(directorTab).toEqual([{ profileId: orgCustomer.organizationId }]);
  expect(executorTab).toEqual([]);
});

it('lists the notices newest first unless asked for the oldest first (ARCHITECTURE §3 sort; QA OOO-2), and refuses another sort', async () => {
  await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier });
  const ids = async (sort: Record<string, string>) => must(await d.api.get<{ items: Notification[] }>(customer, 'notification/get-collection', { limit: 100, ...sort }), 'list').items.map((n) => n.id);
  const newest = await ids({});
  expect(newest.length).toBeGreaterThan(1);
  expect(newest).toEqual([...newest].sort((a, b) => b - a));
  expect(await ids({ attributeSort: 'createdAt', typeSort: 'asc' })).toEqual([...newest].reverse());
  expect((await d.api.get(customer, 'notification/get-collection', { attributeSort: 'message' })).status).toBe(422);
});
