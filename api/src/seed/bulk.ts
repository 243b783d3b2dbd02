import { applicationStatuses } from 'shared/contract';
import type { Queryable } from '../db';
import { applicationTemplates } from './catalog';
import { cities } from './cities';

/**
 * Adds `count` generated applications in two statements (no per-row round trips), for the
 * query-plan test and the API benchmark. Deterministic: row i always gets the same values.
 * About 30 % are published; a quarter sit in the seed's cities, the rest spread over 300
 * synthetic ones; one in 40 has no price and one in 25 no deadline. Each attribute takes its
 * own hash of i, so attributes are independent (a city's rows do not share one name).
 */
export async function insertBulkApplications(db: Queryable, count: number): Promise<void> {
  const customers = await db.query<{ id: number }>(`select id from profiles where type <> 'executor' order by id`);
  const services = await db.query<{ id: number }>(`select id from services where parent_id is not null order by id`);
  if (!customers.length || !services.length) throw new Error('seed the database before adding bulk applications');
  const [{ start } = { start: 0 }] = await db.query<{ start: number }>(`select coalesce(max(id), 0)::int as start from applications`);
  const others = applicationStatuses.filter((s) => s !== 'published');
  const h = (n: number) => `(hashint8(g.i::bigint * 100 + ${n})::bigint & 2147483647)`;
  await db.query(
    `insert into applications (name, description, status, price, deadline, feedback_deadline,
       address_value, city_fias_id, geo_lat, geo_lon, customer_profile_id, published_at, created_at, updated_at)
     select ($1::text[])[r.tpl], ($2::text[])[r.tpl],
       case when r.h2 % 10 < 3 then 'published' else ($4::text[])[1 + r.h3 % cardinality($4::text[])] end,
       case when r.h4 % 40 = 0 then null else round(($3::numeric[])[r.tpl] * (0.7 + (r.h5 % 80) / 100.0) / 500) * 500 end,
       case when r.h6 % 25 = 0 then null else current_date + (r.h7 % 120)::int end,
       current_date + (r.h7 % 120)::int - 7,
       'Адрес ' || r.i,
       case when r.h8 % 4 = 0 then ($5::text[])[1 + r.h9 % cardinality($5::text[])] else md5('city-' || (r.h9 % 300))::uuid::text end,
       55 + (r.h8 % 1000) / 1000.0, 37 + (r.h9 % 997) / 1000.0,
       ($6::int[])[1 + r.h10 % cardinality($6::int[])],
       now() - make_interval(mins => r.i), now() - make_interval(mins => r.i), now() - make_interval(mins => r.i)
     from (
       select g.i, 1 + ${h(1)} % cardinality($1::text[]) as tpl,
         ${h(2)} as h2, ${h(3)} as h3, ${h(4)} as h4, ${h(5)} as h5, ${h(6)} as h6,
         ${h(7)} as h7, ${h(8)} as h8, ${h(9)} as h9, ${h(10)} as h10
       from generate_series($7::int + 1, $7::int + $8::int) as g(i)
     ) r`,
    [
      applicationTemplates.map((t) => t.name),
      applicationTemplates.map((t) => t.description),
      applicationTemplates.map((t) => t.basePrice),
      others,
      cities.map((c) => c.fiasId),
      customers.map((c) => c.id),
      start,
      count,
    ],
  );
  // Fresh statistics before the links: their per-row checks (the foreign key's, the published flag's
  // trigger) run plans cached in this session while the table was small, a scan of every
  // application for each link until the statistics change (minutes at 100,000 on a busy server).
  await db.query('analyze applications');
  // One service for every application, a second one for every third.
  await db.query(
    `insert into application_services (application_id, service_id)
     select a.id, (s.ids)[1 + a.id % cardinality(s.ids)] from applications a, (select $1::int[] as ids) s where a.id > $2
     union
     select a.id, (s.ids)[1 + (a.id * 7 + 3) % cardinality(s.ids)] from applications a, (select $1::int[] as ids) s
     where a.id > $2 and a.id % 3 = 0`,
    [services.map((s) => s.id), start],
  );
}

const firstNames = ['Анна', 'Иван', 'Ольга', 'Дмитрий', 'Елена', 'Сергей', 'Наталья', 'Павел', 'Алексей', 'Мария'];
const lastNames = ['Смирнов', 'Петров', 'Кузнецов', 'Соколов', 'Морозов', 'Волков', 'Лебедев', 'Новиков', 'Фёдоров', 'Егоров',
  'Павлов', 'Козлов', 'Степанов', 'Орлов', 'Никитин', 'Захаров', 'Зайцев', 'Борисов', 'Яковлев', 'Григорьев'];
const trades = ['Электрик', 'Сантехник', 'Плиточник', 'Маляр', 'Кровельщик', 'Дизайнер', 'Грузчик', 'Каменщик', 'Сварщик', 'Штукатур'];

/**
 * Adds `count` users with one profile each (executors with two services, customers,
 * organisations in turn), for the query-plan test of executor and customer search.
 */
export async function insertBulkProfiles(db: Queryable, count: number): Promise<void> {
  const services = await db.query<{ id: number }>(`select id from services where parent_id is not null order by id`);
  const [{ start } = { start: 0 }] = await db.query<{ start: number }>(`select coalesce(max(id), 0)::int as start from users`);
  await db.query(
    `insert into users (phone, name) select '75' || lpad(i::text, 9, '0'), 'Пользователь ' || i from generate_series($1::int + 1, $1::int + $2::int) i`,
    [start, count],
  );
  // Fresh statistics before each dependent insert (see insertBulkApplications).
  await db.query('analyze users');
  await db.query(
    `insert into profiles (user_id, type, name, description, city_fias_id)
     select u.id, (array['executor', 'customer', 'organization'])[1 + u.id % 3],
       case when u.id % 3 = 2 then 'ООО «' || ($3::text[])[1 + u.id % cardinality($3::text[])] || ' ' || u.id || '»'
         else ($1::text[])[1 + u.id % cardinality($1::text[])] || ' ' || ($2::text[])[1 + (u.id / 7) % cardinality($2::text[])] end,
       ($3::text[])[1 + u.id % cardinality($3::text[])] || ', опыт ' || (u.id % 30) || ' лет',
       md5('city-' || (u.id % 300))::uuid::text
     from users u where u.id > $4`,
    [firstNames, lastNames, trades, start],
  );
  await db.query('analyze profiles');
  await db.query(
    `insert into organization_members (organization_id, user_id, director)
     select p.id, p.user_id, true from profiles p where p.user_id > $1 and p.type = 'organization'`,
    [start],
  );
  await db.query(
    `insert into profile_services (profile_id, service_id)
     select p.id, ($1::int[])[1 + p.id % cardinality($1::int[])] from profiles p join users u on u.id = p.user_id where u.id > $2 and p.type = 'executor'
     union
     select p.id, ($1::int[])[1 + (p.id * 7 + 3) % cardinality($1::int[])] from profiles p join users u on u.id = p.user_id where u.id > $2 and p.type = 'executor'`,
    [services.map((s) => s.id), start],
  );
}
