import { ageSmsCodes, applicationIn, lastSmsCode, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

it('an organisation signs through a member, and the signature names him beside the organisation', async () => {
  const customer = await makePerson(d.db, 'customer', 'Анна Заказова');
  const replier = await makePerson(d.db, 'executor');
  const org = await makeStaffed(d, 'ООО «Бригада»');
  const deal = await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier }, { contract: true });

  for (const who of [customer, org.employee]) {
    await ageSmsCodes(d.db, who.phone);
    must(await d.api.post(who, 'application/contract/send/sms', { id: deal.id }), 'send');
    must(await d.api.post(who, 'application/contract/sign', { id: deal.id, code: await lastSmsCode(d.db, who.phone) }), 'sign');
  }
  const { contract } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  expect(contract.signatures.map((s: { party: string; signerName: string }) => [s.party, s.signerName])).toEqual([
    ['customer', 'Анна Заказова'],
    ['executor', 'ООО «Бригада» (Сотрудник Тестов)'],
  ]);
  // The evidence record: the executor's side is the organisation's profile, signed by the member's own account (QA DD-5).
  const rows = await d.db.query<Record<string, unknown>>(
    `select s.party, s.signer_user_id, s.signer_profile_id, s.signer_name, s.signer_phone
       from document_signatures s join signed_documents doc on doc.id = s.document_id
      where doc.application_id = $1 order by s.id`,
    [deal.id],
  );
  expect(rows).toEqual([
    { party: 'customer', signer_user_id: customer.userId, signer_profile_id: customer.profileId, signer_name: 'Анна Заказова', signer_phone: customer.phone },
    { party: 'executor', signer_user_id: org.employee.userId, signer_profile_id: org.organizationId, signer_name: 'ООО «Бригада» (Сотрудник Тестов)', signer_phone: org.employee.phone },
  ]);
});
