import {
  actorOf,
  allCalls,
  allowedActions,
  applicationStatuses,
  contractCalls,
  lifecycleActions,
  lifecycleTable,
  plannedCalls,
  targetStatus,
  terminalStatuses,
  transitionFor,
  type ApplicationFacts,
  type ApplicationStatus,
} from './index';

const facts = (over: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
  status: 'draft',
  complete: true,
  price: 5000,
  feedbackDeadline: '2026-12-31',
  today: '2026-11-23',
  paymentStatus: 'none',
  contract: null,
  report: null,
  reviewGiven: false,
  hasActiveReplies: true,
  hasActiveReplyOfCaller: false,
  ...over,
});

describe('lifecycle table', () => {
  it('names only call paths of the contract, each a POST or GET of it', () => {
    const paths = new Set(contractCalls.map((c) => c.path));
    expect(lifecycleActions.filter((a) => !paths.has(a))).toEqual([]);
  });

  it('keeps the planned calls out of allCalls until the API routes them, and lists each call once', () => {
    const keys = contractCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of plannedCalls) expect(allCalls).not.toContain(call);
  });

  it('uses only known statuses, and no two rows disagree on one (action, status, actor)', () => {
    const seen = new Map<string, number>();
    for (const row of lifecycleTable) {
      if (row.to !== null) expect(applicationStatuses).toContain(row.to);
      for (const from of row.from) {
        expect(applicationStatuses).toContain(from);
        const key = `${row.action} ${from} ${row.actor}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('reaches every status from draft', () => {
    const reached = new Set<ApplicationStatus>(['draft']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of lifecycleTable) {
        if (row.to && !reached.has(row.to) && row.from.some((s) => reached.has(s))) {
          reached.add(row.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...applicationStatuses].sort());
  });

  it('gives every non-terminal status a way out, and the terminal one none', () => {
    for (const status of applicationStatuses) {
      const exits = lifecycleTable.filter((r) => r.from.includes(status) && r.to !== null && r.to !== status);
      if (terminalStatuses.includes(status)) expect(exits).toEqual([]);
      else expect(exits.length).toBeGreaterThan(0);
    }
  });

  it('never lets a guest do anything', () => {
    expect(lifecycleTable.filter((r) => r.actor === 'guest')).toEqual([]);
  });
});

describe('targetStatus', () => {
  it("is where the table's row from that status leads; null for a call that moves none or is not made from there", () => {
    expect(targetStatus('application/start-working/executor', 'executor_named')).toBe('in_work');
    expect(targetStatus('application/update', 'unpublished')).toBe('published');
    expect(targetStatus('application/update', 'published')).toBeNull();
    expect(targetStatus('application/close', 'in_work')).toBeNull();
  });
});

describe('transitionFor', () => {
  it('answers 403 to an actor with no row for the action, 409 to a wrong status, in Russian', () => {
    expect(transitionFor('application/close', facts({ status: 'executed' }), 'executor')).toMatchObject({ ok: false, status: 403 });
    expect(transitionFor('application/close', facts({ status: 'executed' }), 'guest')).toMatchObject({ ok: false, status: 403 });
    expect(transitionFor('application/close', facts({ status: 'in_work' }), 'customer')).toEqual({
      ok: false,
      status: 409,
      message: 'Действие недоступно в текущем статусе заявки',
    });
    expect(transitionFor('application/reply/send', facts({ status: 'published' }), 'customer')).toMatchObject({ ok: false, status: 403 });
  });

  it('starts work only with the payment held and a fully signed contract, when one is uploaded', () => {
    const named = facts({ status: 'executor_named' });
    expect(transitionFor('application/start-working/executor', named, 'executor')).toMatchObject({ status: 409, message: 'Работу можно начать только после оплаты заявки' });
    expect(transitionFor('application/start-working/executor', { ...named, paymentStatus: 'held', price: 0 }, 'executor')).toMatchObject({ status: 409 });
    const held = { ...named, paymentStatus: 'held' as const };
    expect(transitionFor('application/start-working/executor', held, 'executor')).toMatchObject({ ok: true, to: 'in_work' });
    const halfSigned = { ...held, contract: { signedByCustomer: true, signedByExecutor: false } };
    expect(transitionFor('application/start-working/executor', halfSigned, 'executor')).toMatchObject({ status: 409, message: 'Договор должен быть подписан обеими сторонами' });
    expect(transitionFor('application/start-working/executor', { ...halfSigned, contract: { signedByCustomer: true, signedByExecutor: true } }, 'executor')).toMatchObject({ ok: true });
  });

  it('verifies only a fully signed report, when one is uploaded; closes only after the review', () => {
    const review = facts({ status: 'on_review', paymentStatus: 'held' });
    expect(transitionFor('application/verification', review, 'customer')).toMatchObject({ ok: true, to: 'executed' });
    expect(transitionFor('application/verification', { ...review, report: { signedByCustomer: false, signedByExecutor: true } }, 'customer')).toMatchObject({ status: 409 });
    const executed = facts({ status: 'executed', paymentStatus: 'held' });
    expect(transitionFor('application/close', executed, 'customer')).toMatchObject({ status: 409, message: 'Сначала оставьте отзыв о работе' });
    expect(transitionFor('application/close', { ...executed, reviewGiven: true }, 'customer')).toMatchObject({ ok: true, to: 'closed' });
  });

  it('takes replies only while published and up to the feedback deadline, one per profile', () => {
    const open = facts({ status: 'published' });
    expect(transitionFor('application/reply/send', open, 'other')).toMatchObject({ ok: true, to: null });
    expect(transitionFor('application/reply/send', { ...open, feedbackDeadline: open.today }, 'other')).toMatchObject({ ok: true });
    expect(transitionFor('application/reply/send', { ...open, feedbackDeadline: '2026-11-22' }, 'other')).toMatchObject({ status: 409, message: 'Приём откликов по заявке завершён' });
    expect(transitionFor('application/reply/send', { ...open, hasActiveReplyOfCaller: true }, 'replier')).toMatchObject({ status: 409, message: 'Вы уже откликнулись на эту заявку' });
    // An organisation's reply may be a colleague's: it is the organisation that replied.
    expect(transitionFor('application/reply/send', { ...open, hasActiveReplyOfCaller: true, callerActsForOrganization: true }, 'replier')).toMatchObject({
      status: 409,
      message: 'Организация уже откликнулась на эту заявку',
    });
    expect(transitionFor('application/reply/send', { ...open, status: 'unpublished' }, 'other')).toMatchObject({ status: 409 });
  });

  it('refuses the named executor’s withdrawal of his reply as the state’s conflict (409), saying he was chosen and, while he may, that he can refuse the application (QA TT-4)', () => {
    const named = facts({ status: 'executor_named', hasActiveReplyOfCaller: true });
    expect(transitionFor('application/reply/remove', named, 'executor')).toEqual({
      ok: false,
      status: 409,
      message: 'Заказчик уже выбрал вас исполнителем: отклик не отозвать, можно отказаться от заявки',
    });
    expect(transitionFor('application/reply/remove', { ...named, callerActsForOrganization: true }, 'executor')).toMatchObject({
      status: 409,
      message: 'Заказчик уже выбрал организацию исполнителем: отклик не отозвать, можно отказаться от заявки',
    });
    // Handed over: no refusing the application any more.
    expect(transitionFor('application/reply/remove', { ...named, status: 'on_review' }, 'executor')).toMatchObject({ status: 409, message: 'Заказчик уже выбрал вас исполнителем: отклик не отозвать' });
    for (const status of applicationStatuses) expect(allowedActions(facts({ status, hasActiveReplyOfCaller: true }), 'executor')).not.toContain('application/reply/remove');
  });

  it('refuses a second naming once an executor is named with that, not the generic status refusal (QA TT-4)', () => {
    for (const status of ['executor_named', 'in_work', 'closed'] as const) {
      expect(transitionFor('application/named/executor', facts({ status }), 'customer')).toEqual({ ok: false, status: 409, message: 'Исполнитель по заявке уже выбран' });
    }
    expect(transitionFor('application/named/executor', facts({ status: 'unpublished' }), 'customer')).toMatchObject({ status: 409, message: 'Действие недоступно в текущем статусе заявки' });
  });

  it('refuses signing a side signed already: «Вы» for the caller’s own signature, the organisation’s for a colleague’s', () => {
    const named = facts({ status: 'executor_named', contract: { signedByCustomer: false, signedByExecutor: true } });
    expect(transitionFor('application/contract/sign', named, 'executor')).toMatchObject({ status: 409, message: 'Вы уже подписали договор' });
    expect(transitionFor('application/contract/sign', named, 'customer')).toMatchObject({ ok: true });
    const byColleague = { ...named, contract: { signedByCustomer: false, signedByExecutor: true, signedForCallerByColleague: true } };
    expect(transitionFor('application/contract/send/sms', byColleague, 'executor')).toMatchObject({ status: 409, message: 'Договор уже подписан от имени организации' });
    const working = facts({ status: 'in_work', report: { signedByCustomer: true, signedByExecutor: false, signedForCallerByColleague: true } });
    expect(transitionFor('application/document-report/sign', working, 'customer')).toMatchObject({ status: 409, message: 'Отчёт уже подписан от имени организации' });
  });

  it('lets the customer name another executor or republish after a cancel or a stop', () => {
    for (const status of ['cancelled_by_executor', 'stopped_by_customer'] as const) {
      const allowed = allowedActions(facts({ status }), 'customer');
      expect(allowed).toEqual(expect.arrayContaining(['application/named/executor', 'application/update']));
      expect(allowed).not.toContain('application/delete');
    }
  });

  it('parts executor and customer only before the work is handed over', () => {
    for (const status of ['executor_named', 'in_work', 'revision'] as const) {
      expect(transitionFor('application/cancel/executor', facts({ status }), 'executor')).toMatchObject({ ok: true, to: 'cancelled_by_executor' });
      expect(transitionFor('application/stop-working/executor', facts({ status }), 'customer')).toMatchObject({ ok: true, to: 'stopped_by_customer' });
    }
    expect(transitionFor('application/cancel/executor', facts({ status: 'on_review' }), 'executor')).toMatchObject({ status: 409 });
    expect(transitionFor('application/stop-working/executor', facts({ status: 'on_review' }), 'customer')).toMatchObject({ status: 409 });
  });

  it('offers a closed application nothing but downloads', () => {
    const closed = facts({ status: 'closed', paymentStatus: 'released', reviewGiven: true, contract: { signedByCustomer: true, signedByExecutor: true } });
    // The paid invoice stays as a record; its QR code would only pay a second time.
    expect(allowedActions(closed, 'customer')).toEqual(['application/contract/download', 'application/payment-invoices/download']);
    expect(allowedActions(closed, 'executor')).toEqual(['application/contract/download']);
  });

  it('tells actors apart from profile ids', () => {
    const base = { customerProfileId: 1, executorProfileId: 2, callerHasActiveReply: false };
    expect(actorOf({ ...base, callerProfileId: null })).toBe('guest');
    expect(actorOf({ ...base, callerProfileId: 1 })).toBe('customer');
    expect(actorOf({ ...base, callerProfileId: 2, callerHasActiveReply: true })).toBe('executor');
    expect(actorOf({ ...base, callerProfileId: 3, callerHasActiveReply: true })).toBe('replier');
    expect(actorOf({ ...base, callerProfileId: 3 })).toBe('other');
    expect(actorOf({ ...base, executorProfileId: null, callerProfileId: 2 })).toBe('other');
  });
});
