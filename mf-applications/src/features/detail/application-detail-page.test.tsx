import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { fail, ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, CUSTOMER, EXECUTOR, makeDetail, makeReply } from './testing/fixtures';
import { actionBar, barNames, detailAnswers } from './testing/page';
import { detailShown, renderDetail } from './testing/render-detail';

setUpPageTests(() => actAs(CUSTOMER));

describe('the lk application detail', () => {
  it('the history names the executor a customer’s step concerned apart from its comment, a stop’s as «Причина» (QA R-7); an older entry reads as it was', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'stopped_by_customer',
            history: [
              { status: 'executor_named', at: '2026-11-20T10:00:00.000Z', actorProfileId: 7, comment: null, executor: { id: 8, name: 'Пётр Сидоров' } },
              { status: 'stopped_by_customer', at: '2026-11-21T10:00:00.000Z', actorProfileId: 7, comment: 'Не выходит на связь', executor: { id: 8, name: 'Пётр Сидоров' } },
              { status: 'revision', at: '2026-11-19T10:00:00.000Z', actorProfileId: 7, comment: 'Исполнитель: Иван Петров\nПричина: Пропал' },
            ],
          }),
        ),
    });
    renderDetail();
    const history = await screen.findByRole('region', { name: 'История' });
    const notes = [...history.querySelectorAll('.detail-timeline__comment')].map((p) => p.textContent);
    expect(notes).toEqual(['Исполнитель: Иван Петров\nПричина: Пропал', 'Исполнитель: Пётр Сидоров', 'Исполнитель: Пётр Сидоров\nПричина: Не выходит на связь']);
  });

  it('a cancel’s reason, and a stop’s whose executor is no longer named, read as «Причина» too (QA AAN-4); a revision’s comment as written', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'cancelled_by_executor',
            history: [
              { status: 'stopped_by_customer', at: '2026-11-20T10:00:00.000Z', actorProfileId: 7, comment: 'Сроки сорваны', executor: null },
              { status: 'revision', at: '2026-11-21T10:00:00.000Z', actorProfileId: 7, comment: 'Переделать швы', executor: null },
              { status: 'stopped_by_customer', at: '2026-11-21T11:00:00.000Z', actorProfileId: 7, comment: 'Исполнитель: Иван Петров\nПричина: Пропал' },
              { status: 'cancelled_by_executor', at: '2026-11-22T10:00:00.000Z', actorProfileId: 8, comment: 'Заболел', executor: null },
            ],
          }),
        ),
    });
    renderDetail();
    const history = await screen.findByRole('region', { name: 'История' });
    const notes = [...history.querySelectorAll('.detail-timeline__comment')].map((p) => p.textContent);
    expect(notes).toEqual(['Причина: Сроки сорваны', 'Переделать швы', 'Исполнитель: Иван Петров\nПричина: Пропал', 'Причина: Заболел']);
  });

  it('shows the header, the parties, the history with comments and the replies', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            replies: [makeReply(), makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' }, price: null, status: 'withdrawn', comment: 'Передумали' })],
            history: [
              { status: 'draft', at: '2026-11-19T09:00:00.000Z', actorProfileId: 7, comment: null },
              { status: 'published', at: '2026-11-20T10:00:00.000Z', actorProfileId: 7, comment: 'Опубликовано после правок' },
            ],
          }),
        ),
    });

    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' })).toBeInTheDocument();
    expect(screen.getByText('Заявка № 1042')).toBeInTheDocument();
    expect(screen.getByText('Приём откликов', { selector: '.detail-status' })).toBeInTheDocument();
    expect(screen.getByText('12 500 ₽')).toBeInTheDocument();
    expect(screen.getByText('до 20 декабря 2026')).toBeInTheDocument();
    expect(screen.getByText('г. Казань, ул. Баумана, д. 1')).toBeInTheDocument();
    expect(screen.getByText('Не выбран')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'История' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((li) => li.querySelector('.detail-timeline__status')?.textContent)).toEqual(['Черновик', 'Приём откликов']);
    expect(within(history).getByText('Опубликовано после правок')).toBeInTheDocument();
    expect(within(history).getByText(/20 ноября 2026, \d\d:\d\d/)).toBeInTheDocument();
    expect(entries[1]).toHaveTextContent('Заказчик: Иван Петров');

    const replies = screen.getByRole('region', { name: 'Отклики (2)' });
    expect(within(replies).getByText('Сделаю за три дня, опыт 10 лет')).toBeInTheDocument();
    expect(within(replies).getByText('11 000 ₽', { exact: false })).toBeInTheDocument();
    expect(within(replies).getByText('Отозван')).toBeInTheDocument();
    // A reply without a price of its own offers the application's (§8: the agreed price is the reply's,
    // else the application's), with its amount, as a live one says it.
    expect(within(replies).getByText(/^По цене заявки: 12\s500\s₽ ·/)).toBeInTheDocument();
  });

  it('a published application past its reply deadline says replies are over, not in the green of replies taken (QA AAE-4)', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'published', feedbackDeadline: '2000-01-01' })) });
    renderDetail();
    const status = await screen.findByText('Приём откликов завершён');
    expect(status).toHaveClass('detail-status--replies-over');
    expect(status).not.toHaveClass('detail-status--published');
  });

  it('shows the first ten replies of many, and «Показать все отклики» the rest, the first of them focused', async () => {
    const many = Array.from({ length: 14 }, (_, i) => makeReply({ id: 400 + i, executor: { id: 400 + i, name: `Исполнитель № ${i + 1}`, type: 'executor' }, comment: `Отклик ${i + 1}` }));
    serveApi({ 'GET application/get': () => ok(makeDetail({ replies: many })) });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (14)' });
    expect(within(replies).getAllByRole('listitem')).toHaveLength(10);
    expect(within(replies).queryByText('Отклик 11')).not.toBeInTheDocument();

    await userEvent.click(within(replies).getByRole('button', { name: 'Показать все отклики (14): ещё 4 отклика' }));
    expect(within(replies).getAllByRole('listitem')).toHaveLength(14);
    expect(within(replies).getByText('Отклик 11').closest('li')).toHaveFocus();
    expect(within(replies).queryByRole('button', { name: /^Показать все отклики/ })).not.toBeInTheDocument();
  });

  it('never hides the chosen executor’s reply among the rest', async () => {
    const many = Array.from({ length: 14 }, (_, i) => makeReply({ id: 400 + i, executor: { id: 400 + i, name: `Исполнитель № ${i + 1}`, type: 'executor' }, comment: `Отклик ${i + 1}` }));
    serveApi({
      'GET application/get': () =>
        ok(makeDetail({ status: 'executor_named', executor: { id: 412, name: 'Исполнитель № 13', type: 'executor' }, replies: many })),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (14)' });
    expect(within(replies).getAllByRole('listitem')).toHaveLength(13);
    expect(within(within(replies).getByText('Отклик 13').closest('li')!).getByText('Выбран исполнителем')).toBeInTheDocument();
    await userEvent.click(within(replies).getByRole('button', { name: 'Показать все отклики (14): ещё 1 отклик' }));
    expect(within(replies).getByText('Отклик 14').closest('li')).toHaveFocus();
  });

  it('once an executor is chosen, his reply says so and the other live ones wait in reserve, not «Активен»', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'executor_named',
            executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
            replies: [
              makeReply(),
              makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' }, comment: 'Могу на следующей неделе' }),
              makeReply({ id: 303, executor: { id: 31, name: 'Пётр Гром', type: 'executor' }, status: 'rejected', comment: 'Дорого' }),
            ],
          }),
        ),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (3)' });
    const badges = [...replies.querySelectorAll('.detail-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['Выбран исполнителем', 'В резерве', 'Отклонён']);
    expect(within(replies).queryByText('Активен')).not.toBeInTheDocument();
  });

  it("a reply in reserve «по цене заявки» reads the customer's own price, not the named executor's agreed one", async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'executor_named',
            price: 9000,
            askedPrice: 15000,
            executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
            replies: [
              makeReply({ price: 9000 }),
              makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' }, price: null, comment: 'По вашей цене' }),
              makeReply({ id: 303, executor: { id: 31, name: 'Пётр Гром', type: 'executor' }, price: null, status: 'rejected', comment: 'Тоже по вашей цене' }),
            ],
          }),
        ),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (3)' });
    const reserve = within(replies).getByText('По вашей цене').closest('li')!;
    expect(reserve).toHaveTextContent(/По цене заявки: 15\s000\s₽/);
    expect(reserve).not.toHaveTextContent(/9\s000/);
    // A closed reply at the application's price names the same amount as a live one.
    const rejected = within(replies).getByText('Тоже по вашей цене').closest('li')!;
    expect(rejected).toHaveTextContent(/По цене заявки: 15\s000\s₽/);
  });

  // QA WWW-1: a reply sent at 1 000 ₽, the price lowered to 300 ₽ after: he is named at the 1 000 ₽ he agreed to.
  it('a reply «по цене заявки» sent before the price was lowered reads, and is named at, the price it was sent at', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            price: 300,
            allowedActions: ['application/named/executor', 'application/reply/reject'],
            replies: [makeReply({ price: null, seenPrice: 1000, comment: 'Откликнулся раньше' }), makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' }, price: null, seenPrice: 300, comment: 'Откликнулся позже' })],
          }),
        ),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (2)' });
    expect(within(replies).getByText('Откликнулся раньше').closest('li')).toHaveTextContent(/По цене заявки на момент отклика: 1\s000\s₽/);
    expect(within(replies).getByText('Откликнулся позже').closest('li')).toHaveTextContent(/По цене заявки: 300\s₽/);

    await userEvent.click(within(replies).getByRole('button', { name: /^Выбрать исполнителем: Пётр/ }));
    expect(screen.getByRole('dialog', { name: 'Выбрать исполнителем?' })).toHaveAccessibleDescription(
      /станет исполнителем заявки по цене заявки на момент отклика — 1\s000\s₽ \(сейчас в заявке 300\s₽\)/,
    );
  });

  it.each(['executed', 'closed'] as const)('once the work is accepted (%s), a live reply not chosen is «Не выбран», not a reserve that can never be chosen', async (status) => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status,
            executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
            replies: [makeReply(), makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' }, comment: 'Могу на следующей неделе' })],
            allowedActions: [],
          }),
        ),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (2)' });
    const badges = [...replies.querySelectorAll('.detail-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['Выбран исполнителем', 'Не выбран']);
    expect(within(replies).queryByText('В резерве')).not.toBeInTheDocument();
  });

  it('a reply whose deal ended says how — the customer stopped the work, the executor cancelled — not «Отклонён» or «Отозван»', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'stopped_by_customer',
            replies: [
              makeReply({ status: 'rejected', ended: 'stopped', reason: 'Передумал' }),
              makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization' }, status: 'withdrawn', ended: 'cancelled' }),
              makeReply({ id: 303, executor: { id: 31, name: 'Пётр Гром', type: 'executor' }, status: 'rejected', ended: null, comment: 'Дорого' }),
              makeReply({ id: 304, executor: { id: 32, name: 'Анна Тихая', type: 'executor' }, status: 'withdrawn' }),
            ],
          }),
        ),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Отклики (4)' });
    const badges = [...replies.querySelectorAll('.detail-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['Работа остановлена', 'Исполнитель отказался', 'Отклонён', 'Отозван']);
    // The stop's reason still goes with the reply it closed.
    expect(within(within(replies).getAllByRole('listitem')[0]!).getByText('Причина: Передумал')).toBeInTheDocument();
  });

  it('links the facility: its cabinet page for the customer, the public page for an executor; nothing without one', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ facility: { id: 15, name: 'Дача в Подмосковье' } })) });
    const { unmount } = renderDetail();
    expect(await screen.findByRole('link', { name: 'Дача в Подмосковье' })).toHaveAttribute('href', '/lk/facility/15');
    expect(screen.getByText('Объект', { selector: 'dt' })).toBeInTheDocument();
    unmount();

    actAs(EXECUTOR);
    serveApi({ 'GET application/get': () => ok(makeDetail({ facility: { id: 15, name: 'Дача в Подмосковье' }, replies: [makeReply()] })) });
    const second = renderDetail();
    expect(await screen.findByRole('link', { name: 'Дача в Подмосковье' })).toHaveAttribute('href', '/facility/15');
    second.unmount();

    serveApi({ 'GET application/get': () => ok(makeDetail()) });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' })).toBeInTheDocument();
    expect(screen.queryByText('Объект', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('names a replier by a link to his public page where the catalogue has him, as plain text where it does not', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            replies: [
              makeReply({ executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor', listed: true } }),
              makeReply({ id: 302, executor: { id: 30, name: 'ООО «Свет»', type: 'organization', listed: false }, comment: 'Могу на следующей неделе' }),
            ],
          }),
        ),
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: EXECUTOR.name })).toHaveAttribute('href', `/executor/${EXECUTOR.id}`);
    expect(screen.getByText('ООО «Свет»')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ООО «Свет»' })).not.toBeInTheDocument();
  });

  it('renders exactly the actions of allowedActions, nothing else', async () => {
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            replies: [makeReply()],
            allowedActions: ['application/update', 'application/set-status/no-publish', 'application/update/feedback', 'application/update/price', 'application/named/executor', 'application/delete', 'application/not-in-the-map'],
          }),
        ),
    });

    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' });

    expect(barNames()).toEqual(['Редактировать', 'Изменить цену', 'Изменить срок приёма откликов', 'Снять с публикации', 'Удалить заявку']);
    expect(within(actionBar()).getByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', '/lk/application/edit/42');
    expect(screen.getByRole('button', { name: 'Выбрать исполнителем: Пётр Сидоров' })).toBeInTheDocument();
    // Allowed nowhere: no reject, no documents, no payment.
    expect(screen.queryByRole('button', { name: /Отклонить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Договор' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Оплата' })).not.toBeInTheDocument();
  });

  it("names the application in the tab's title, as the public page and the not-a-party page do", async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail()) });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' });
    expect(document.title).toMatch(/^Замена электропроводки — /);
  });

  it('shows no action at all when none is allowed', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'closed', replies: [makeReply()], allowedActions: [] })) });

    renderDetail();
    await detailShown();

    expect(screen.queryByRole('region', { name: 'Действия с заявкой' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

describe('states and live updates', () => {
  it('says the application is not found on a 404, and offers a retry on other failures', async () => {
    serveApi({ 'GET application/get': () => fail(404, 'Заявка не найдена') });
    const first = renderDetail(404);
    expect(await screen.findByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toHaveAttribute('href', '/lk/application');
    first.unmount();

    let answer = fail(503, 'Сервис временно недоступен');
    serveApi({ 'GET application/get': () => answer });
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByText('Сервис временно недоступен')).toBeInTheDocument();
    answer = ok(makeDetail());
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Замена электропроводки' })).toBeInTheDocument();
  });

  it('an id that is not a number is not found without a request', () => {
    const api = serveApi({});
    renderDetail('abc');
    expect(screen.getByRole('heading', { name: 'Заявка не найдена' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a loading state first', () => {
    serveApi({ 'GET application/get': () => new Promise(() => undefined) });
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем заявку…');
  });

  it('someone who is not a party is sent to the public page', async () => {
    const { replies: _r, executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, allowedActions: _a, ...publicCard } = makeDetail();
    serveApi({ 'GET application/get': () => ok(publicCard) });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Открыть страницу заявки' })).toHaveAttribute('href', '/application/42');
  });

  it('an executor who is not a party is told it may reply on the public page; a customer profile, which cannot reply, is not', async () => {
    const { replies: _r, executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, allowedActions: _a, ...publicCard } = makeDetail({
      customer: { id: 8, name: 'Мария Иванова', type: 'customer' },
    });
    serveApi({ 'GET application/get': () => ok(publicCard) });

    actAs(EXECUTOR);
    const executor = renderDetail();
    expect(await screen.findByText('Вы не участвуете в этой заявке. Откликнуться на неё можно на её странице.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть страницу заявки' })).toHaveAttribute('href', '/application/42');
    executor.unmount();

    actAs(CUSTOMER);
    renderDetail();
    expect(await screen.findByText('Вы не участвуете в этой заявке.')).toBeInTheDocument();
    expect(screen.queryByText(/Откликнуться/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть страницу заявки' })).toHaveAttribute('href', '/application/42');
  });

  it("the user's own application, open as another of his profiles, offers to switch to the one it is of, and then opens as it", async () => {
    // His executor profile is active; the application is his customer profile's.
    const { replies: _r, executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, allowedActions: _a, ...publicCard } = makeDetail();
    let active = EXECUTOR.id;
    const api = serveApi({
      'GET application/get': () => ok(active === CUSTOMER.id ? makeDetail() : publicCard),
      'PUT user/profile/update': () => {
        active = CUSTOMER.id;
        return ok({ profile: { ...CUSTOMER, active: true }, user: { id: 1, phone: '79991234567', name: CUSTOMER.name, email: null, activeProfileId: CUSTOMER.id } });
      },
    });
    actAs(EXECUTOR);
    useSessionStore.setState({ profiles: [{ ...EXECUTOR, active: true }, { ...CUSTOMER, active: false }] });
    const toasts: unknown[] = [];
    bus.on('toast:show', (t) => toasts.push(t));
    renderDetail();

    expect(await screen.findByText('Это заявка вашего профиля «Заказчик». Переключитесь на него, чтобы работать с ней.')).toBeInTheDocument();
    expect(screen.queryByText(/Вы не участвуете/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Переключиться на профиль «Заказчик»' }));

    expect(api.callsTo('PUT user/profile/update').map((c) => c.body)).toEqual([{ id: CUSTOMER.id }]);
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Активный профиль: Заказчик' }));
    // The page asks again as the customer, and is the customer's.
    expect(await screen.findByRole('heading', { level: 1, name: makeDetail().name })).toBeInTheDocument();
    expect(screen.queryByText(/Это заявка вашего профиля/)).not.toBeInTheDocument();
  });

  it("a deal of another of the user's profiles (a 403 to this one: QA OOO-3) offers the switch instead of «возможно, её удалили» (QA L-4)", async () => {
    let active = CUSTOMER.id;
    const api = serveApi({
      'GET application/get': () => (active === EXECUTOR.id ? ok(makeDetail({ status: 'in_work' })) : fail(403, 'Заявка доступна только её участникам')),
      'PUT user/profile/update': () => {
        active = EXECUTOR.id;
        return ok({ profile: { ...EXECUTOR, active: true }, user: { id: 1, phone: '79991234567', name: EXECUTOR.name, email: null, activeProfileId: EXECUTOR.id } });
      },
    });
    actAs(CUSTOMER);
    useSessionStore.setState({ profiles: [{ ...CUSTOMER, active: true }, { ...EXECUTOR, active: false }] });
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Заявка не найдена в профиле «Заказчик»' })).toBeInTheDocument();
    expect(screen.getByText('Возможно, это заявка другого вашего профиля: переключитесь на него. Если нет, её удалили или в адресе ошибка.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Переключиться на профиль «Исполнитель»' }));

    expect(api.callsTo('PUT user/profile/update').map((c) => c.body)).toEqual([{ id: EXECUTOR.id }]);
    expect(await screen.findByRole('heading', { level: 1, name: makeDetail().name })).toBeInTheDocument();
  });

  it('an organisation whose name has its own quotes is not quoted again (QA AAU-2)', async () => {
    serveApi({ 'GET application/get': () => fail(404, 'Заявка не найдена') });
    const organization = { id: 7, type: 'organization' as const, name: 'ООО «СтройИнвест»' };
    actAs(EXECUTOR);
    useSessionStore.setState({ profiles: [{ ...EXECUTOR, active: true }, { ...organization, active: false }] });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявка не найдена в профиле «Исполнитель»' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Переключиться на профиль ООО «СтройИнвест»' })).toBeInTheDocument();
  });

  it('with one profile, a 404 is the plain «Заявка не найдена»: there is nothing to switch to', async () => {
    serveApi({ 'GET application/get': () => fail(404, 'Заявка не найдена') });
    actAs(CUSTOMER);
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Заявка не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Возможно, её удалили или в адресе ошибка.')).toBeInTheDocument();
    // No profile to switch to: the only button is spec §2's «Назад».
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Назад']);
  });

  it('without `participation` (an older API), an executor whose reply was closed is told its last reply\'s status, with the way back to its list', async () => {
    actAs(EXECUTOR);
    const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = makeDetail({
      status: 'stopped_by_customer',
      // Replied, withdrew, replied again and was refused: the last reply tells what happened.
      replies: [makeReply({ id: 13, status: 'withdrawn' }), makeReply({ id: 14, status: 'rejected' })],
      allowedActions: [],
    });
    serveApi({ 'GET application/get': () => ok(rest) });
    renderDetail();
    expect(await screen.findByText('Вы больше не участвуете в этой заявке. Ваш отклик: отклонён.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toHaveAttribute('href', '/lk/application');
  });

  it('a former replier is told what ended its part: a stop or its own cancel is no refused reply', async () => {
    actAs(EXECUTOR);
    // What the API answers it (lk-service `view`): the public card, its own reply and its part.
    const formerReplier = (participation: string, status: 'withdrawn' | 'rejected') => {
      const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = makeDetail({
        status: 'stopped_by_customer',
        replies: [makeReply({ id: 14, status })],
        allowedActions: [],
      });
      return { ...rest, participation };
    };
    const cases = [
      ['stopped', 'rejected', 'Вы больше не участвуете в этой заявке. Заказчик остановил вашу работу по ней.'],
      ['cancelled', 'withdrawn', 'Вы отказались от выполнения этой заявки.'],
      ['rejected', 'rejected', 'Вы больше не участвуете в этой заявке. Заказчик отклонил ваш отклик.'],
      ['withdrawn', 'withdrawn', 'Вы отозвали свой отклик на эту заявку.'],
    ] as const;
    for (const [participation, status, text] of cases) {
      serveApi({ 'GET application/get': () => ok(formerReplier(participation, status)) });
      const { unmount } = renderDetail();
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/отклонён/)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toHaveAttribute('href', '/lk/application');
      unmount();
    }
  });

  it('a former replier whose reply was rejected or withdrawn, while the application takes replies, is told it may reply again, on the public page', async () => {
    actAs(EXECUTOR);
    const cases = [
      ['rejected', 'rejected', 'Вы больше не участвуете в этой заявке. Заказчик отклонил ваш отклик. Причина: Слишком дорого.'],
      ['withdrawn', 'withdrawn', 'Вы отозвали свой отклик на эту заявку.'],
    ] as const;
    for (const [participation, status, parted] of cases) {
      const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = makeDetail({
        status: 'published',
        replies: [makeReply({ id: 14, status, reason: status === 'rejected' ? 'Слишком дорого' : null })],
        allowedActions: ['application/reply/send'],
      });
      serveApi({ 'GET application/get': () => ok({ ...rest, participation }) });
      const { unmount } = renderDetail();
      expect(await screen.findByText(`${parted} Заявка ещё принимает отклики: откликнуться снова можно на её странице.`)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Открыть страницу заявки' })).toHaveAttribute('href', '/application/42');
      unmount();
    }
  });

  it("a former replier reads the reason its reply closed with, the customer's for a stop", async () => {
    actAs(EXECUTOR);
    const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = makeDetail({
      status: 'stopped_by_customer',
      replies: [makeReply({ id: 14, status: 'rejected', reason: 'Сроки сорваны' })],
      allowedActions: [],
    });
    serveApi({ 'GET application/get': () => ok({ ...rest, participation: 'stopped' }) });
    renderDetail();
    expect(await screen.findByText('Вы больше не участвуете в этой заявке. Заказчик остановил вашу работу по ней. Причина: Сроки сорваны')).toBeInTheDocument();
  });

  it('refetches when a socket notification concerns this application, not another one', async () => {
    const api = serveApi({ 'GET application/get': detailAnswers(makeDetail(), makeDetail({ status: 'executor_named' })) });
    renderDetail();
    await detailShown();

    act(() => bus.emit('notification:received', { message: 'Новый отклик на другую заявку', applicationId: 77 }));
    act(() => bus.emit('notification:received', { message: 'Приглашение в организацию', applicationId: null }));
    expect(api.callsTo('GET application/get')).toHaveLength(1);

    act(() => bus.emit('notification:received', { message: 'Заказчик выбрал исполнителя', applicationId: 42 }));
    expect(await screen.findByText('Исполнитель выбран', { selector: '.detail-status' })).toBeInTheDocument();
    expect(api.callsTo('GET application/get')).toHaveLength(2);
  });
});

describe('a replier the customer did not choose', () => {
  it('is told so, and sees neither the contract nor the money of the deal', async () => {
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'executor_named',
            executor: { id: 999, name: 'Другой Исполнитель', type: 'executor' },
            replies: [makeReply({ status: 'active' })],
            payment: { status: 'none', amount: 0 },
            allowedActions: ['application/reply/remove'],
          }),
        ),
    });
    renderDetail();
    expect(await screen.findByText(/^Заказчик выбрал другого исполнителя\. Ваш отклик остаётся в силе/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Договор' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Оплата' })).not.toBeInTheDocument();
  });

  it.each(['executed', 'closed'] as const)('once the work is accepted (%s), is not told his reply stays in force: it will never be chosen', async (status) => {
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status,
            executor: { id: 999, name: 'Другой Исполнитель', type: 'executor' },
            replies: [makeReply({ status: 'active' })],
            allowedActions: [],
          }),
        ),
    });
    renderDetail();
    expect(await screen.findByText('Заказчик выбрал другого исполнителя, и работа по заявке уже принята. Ваш отклик больше не действует.')).toBeInTheDocument();
    expect(screen.queryByText(/остаётся в силе/)).not.toBeInTheDocument();
    const reply = screen.getByRole('region', { name: 'Ваш отклик' });
    expect(within(reply).getByText('Не выбран')).toBeInTheDocument();
    expect(within(reply).queryByText('В резерве')).not.toBeInTheDocument();
  });

  it("does not see the customer's review of the chosen executor's work under his own reply (QA PP-4)", async () => {
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': () =>
        ok(
          makeDetail({
            status: 'closed',
            executor: { id: 999, name: 'Другой Исполнитель', type: 'executor' },
            replies: [makeReply({ status: 'active' })],
            review: { rating: 5, text: 'Всё сделали аккуратно' },
            allowedActions: [],
          }),
        ),
    });
    renderDetail();
    expect(await screen.findByRole('region', { name: 'Ваш отклик' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Отзыв заказчика' })).not.toBeInTheDocument();
    expect(screen.queryByText('Всё сделали аккуратно')).not.toBeInTheDocument();
  });

  it('a stopped executor sees why: the reason on his closed reply', async () => {
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': () =>
        ok(makeDetail({ status: 'stopped_by_customer', executor: null, replies: [makeReply({ status: 'rejected', reason: 'Не выходит на связь' })], allowedActions: [] })),
    });
    renderDetail();
    const replies = await screen.findByRole('region', { name: 'Ваш отклик' });
    expect(within(replies).getByText('Причина: Не выходит на связь')).toBeInTheDocument();
  });
});

describe('work sent back for revision', () => {
  const revision = (comment: string | null) =>
    makeDetail({
      status: 'revision',
      executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
      replies: [makeReply()],
      history: [
        { status: 'on_review', at: '2026-11-21T09:00:00.000Z', actorProfileId: EXECUTOR.id, comment: null },
        { status: 'revision', at: '2026-11-21T10:00:00.000Z', actorProfileId: 7, comment: 'Покрасьте калитку' },
        { status: 'on_review', at: '2026-11-22T09:00:00.000Z', actorProfileId: EXECUTOR.id, comment: null },
        { status: 'revision', at: '2026-11-22T10:00:00.000Z', actorProfileId: 7, comment },
      ],
      allowedActions: ['application/confirm-execution'],
    });

  it('the executor reads what to fix under the header, the latest request, not only at the end of the history', async () => {
    actAs(EXECUTOR);
    serveApi({ 'GET application/get': () => ok(revision('Второй слой у забора')) });
    renderDetail();
    const title = await screen.findByText('Заказчик вернул работу на доработку');
    const notice = title.parentElement!;
    expect(notice).toHaveTextContent('Что нужно доработать: Второй слой у забора');
    expect(notice).not.toHaveTextContent('Покрасьте калитку');
    // Before the sections, next to the action that hands the work over again.
    expect(notice.compareDocumentPosition(screen.getByRole('region', { name: 'История' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the customer sees what he asked for; nothing without a comment', async () => {
    serveApi({ 'GET application/get': () => ok(revision('Второй слой у забора')) });
    const { unmount } = renderDetail();
    expect(await screen.findByText('Вы вернули работу на доработку')).toBeInTheDocument();
    unmount();

    serveApi({ 'GET application/get': () => ok(revision(null)) });
    renderDetail();
    await screen.findByRole('region', { name: 'История' });
    expect(screen.queryByText(/вернул[аи]? работу на доработку/)).not.toBeInTheDocument();
  });
});
