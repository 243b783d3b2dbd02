/**
 * QA: an ОГРН was not checked for duplicates while the ИНН was: `organization/update {id, ogrn}`
 * (and create) with another organisation's ОГРН answered 200. It is a 409 on the `ogrn` field now,
 * as a taken ИНН is on `inn`, and unique indexes (migration 027) decide between two writes at once
 * — on data that already holds duplicates too.
 */
import { migrations } from '../src/db/migrations';
import { isUniqueViolation } from '../src/db/sql';
import { uniqueFieldOf } from '../src/modules/organization/repository';
import { makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { freshInn, freshOgrn, makeOrganization } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());


const OGRN_TAKEN = { status: 409, code: 'ogrn_taken', message: 'Организация с таким ОГРН уже зарегистрирована', errors: { ogrn: 'Организация с таким ОГРН уже зарегистрирована' } };
const answer = (res: { status: number; body: { code?: string; message?: string; errors?: Record<string, string> } }) => ({
  status: res.status,
  code: res.body.code,
  message: res.body.message,
  errors: res.body.errors,
});

describe('a taken ОГРН', () => {
  it('is refused on create and on update with a 409 naming the ogrn field, as a taken ИНН is; its own ОГРН and a free one are kept', async () => {
    const ogrn = freshOgrn();
    const first = await makePerson(d.db, 'customer', 'Первый Руководитель');
    const holder = must(await d.api.post(first, 'organization/create', { inn: freshInn(), name: 'ООО «Первая»', ogrn }), 'first').organization.id as number;

    const other = await makePerson(d.db, 'customer', 'Второй Руководитель');
    expect(answer(await d.api.post(other, 'organization/create', { inn: freshInn(), name: 'ООО «Вторая»', ogrn }))).toEqual(OGRN_TAKEN);

    const second = await makeOrganization(d, 'ООО «Третья»');
    expect(answer(await d.api.post(second.director, 'organization/update', { id: second.organizationId, ogrn }))).toEqual(OGRN_TAKEN);
    const [row] = await d.db.query<{ ogrn: string | null }>('select ogrn from profiles where id = $1', [second.organizationId]);
    expect(row!.ogrn).toBeNull();

    // Its own ОГРН sent again, and a free one, are saved; an emptied one is nobody's.
    expect((await d.api.post(first, 'organization/update', { id: holder, ogrn, name: 'ООО «Первая и единственная»' })).status).toBe(200);
    const free = freshOgrn();
    expect(must(await d.api.post(second.director, 'organization/update', { id: second.organizationId, ogrn: free }), 'free').ogrn).toBe(free);
    must(await d.api.post(second.director, 'organization/update', { id: second.organizationId, ogrn: null }), 'emptied');
    must(await d.api.post(first, 'organization/update', { id: holder, ogrn: free }), 'taken over');
  });

  it('a taken ИНН is still told first, on the inn field', async () => {
    const { organizationId, director } = await makeOrganization(d, 'ООО «ИНН»');
    const [{ inn }] = (await d.db.query<{ inn: string }>('select inn from profiles where id = $1', [organizationId])) as [{ inn: string }];
    const ogrn = freshOgrn();
    must(await d.api.post(director, 'organization/update', { id: organizationId, ogrn }), 'ogrn');
    const res = await d.api.post(await makePerson(d.db, 'customer'), 'organization/create', { inn, name: 'ООО «Двойник»', ogrn });
    expect(answer(res)).toEqual({ status: 409, code: 'inn_taken', message: 'Организация с таким ИНН уже зарегистрирована', errors: { inn: 'Организация с таким ИНН уже зарегистрирована' } });
  });
});

describe('an organisation created again by its own director (the first answer lost, the form sent again)', () => {
  it('is told it is his already, on the inn field, and no second one is made (QA I-5)', async () => {
    const director = await makePerson(d.db, 'customer', 'Руководитель Повтора');
    const body = { inn: freshInn(), name: 'ООО «Повтор»' };
    must(await d.api.post(director, 'organization/create', body), 'first');
    expect(answer(await d.api.post(director, 'organization/create', body))).toEqual({
      status: 409,
      code: 'organization_yours',
      message: 'Эта организация уже есть среди ваших: вы её руководитель',
      errors: { inn: 'Эта организация уже есть среди ваших: вы её руководитель' },
    });
    const [{ n }] = (await d.db.query<{ n: number }>(`select count(*)::int as n from profiles where type = 'organization' and inn = $1`, [body.inn])) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('the unique indexes (migration 027)', () => {
  const duplicate = async (column: 'inn' | 'ogrn', value: string) => {
    const director = await makePerson(d.db, 'customer');
    const inn = column === 'inn' ? value : freshInn();
    const [row] = await d.db.query<{ id: number }>(
      `insert into profiles (user_id, type, name, inn, ogrn) values ($1, 'organization', 'ООО «Дубль»', $2, $3) returning id`,
      [director.userId, inn, column === 'ogrn' ? value : null],
    );
    return row!.id;
  };
  const refusal = async (write: Promise<unknown>) => {
    try {
      await write;
      return null;
    } catch (error) {
      return { unique: isUniqueViolation(error), field: uniqueFieldOf(error) };
    }
  };

  it('refuse a second organisation under one ИНН or ОГРН written past the API, and name the field for its 409', async () => {
    const { organizationId } = await makeOrganization(d, 'ООО «Оригинал»');
    const ogrn = freshOgrn();
    await d.db.query('update profiles set ogrn = $2 where id = $1', [organizationId, ogrn]);
    const [{ inn }] = (await d.db.query<{ inn: string }>('select inn from profiles where id = $1', [organizationId])) as [{ inn: string }];
    expect(await refusal(duplicate('ogrn', ogrn))).toEqual({ unique: true, field: 'ogrn' });
    expect(await refusal(duplicate('inn', inn))).toEqual({ unique: true, field: 'inn' });
    // Personal profiles are not organisations: one of theirs may hold the ИНН (no throw).
    const person = await makePerson(d.db, 'executor');
    await d.db.query('update profiles set inn = $2 where id = $1', [person.profileId, inn]);
  });

  it('are built on data that already holds duplicates, keeping every row, and refuse a new duplicate all the same', async () => {
    await d.db.exec('drop index profiles_organization_inn_once; drop index profiles_organization_ogrn_once;');
    const ogrn = freshOgrn();
    const inn = freshInn();
    const ogrnTwins = [await duplicate('ogrn', ogrn), await duplicate('ogrn', ogrn), await duplicate('ogrn', ogrn)];
    const innTwins = [await duplicate('inn', inn), await duplicate('inn', inn)];

    await d.db.exec(migrations.find((m) => m.id === '027-organization-numbers-once')!.sql);

    const kept = await d.db.query<{ id: number; inn: string; ogrn: string | null }>('select id, inn, ogrn from profiles where id = any($1) order by id', [[...ogrnTwins, ...innTwins]]);
    expect(kept.map((r) => [r.id, r.ogrn ?? r.inn])).toEqual([...ogrnTwins.map((id) => [id, ogrn]), ...innTwins.map((id) => [id, inn])]);
    expect(await refusal(duplicate('ogrn', ogrn))).toEqual({ unique: true, field: 'ogrn' });
    expect(await refusal(duplicate('inn', inn))).toEqual({ unique: true, field: 'inn' });
    expect(await refusal(duplicate('ogrn', freshOgrn()))).toBeNull();
    // The API refuses it too, before the index.
    const someone = await makePerson(d.db, 'customer');
    expect((await d.api.post(someone, 'organization/create', { inn: freshInn(), name: 'ООО «Третий дубль»', ogrn })).status).toBe(409);
  });
});
