import type { Application, ApplicationSortField, ApplicationStatus, ProfileType, TypeSort } from 'shared/contract';
import { applicationListDefaults, applicationStatuses, LIST_TOTAL_CAP } from 'shared/contract';
import type { Queryable } from '../../db';
import { readListPage, type CountCache, type ListStatements, type Statement } from '../../db/list-page';
import { cappedCountSql, containsPattern, isoDate, isoTimestamp, nameSortKey, pageWindow, textSearchCondition } from '../../db/sql';

export interface ApplicationFilter {
  statuses: ApplicationStatus[];
  page: number;
  limit: number;
  attributeSort: ApplicationSortField;
  typeSort: TypeSort;
  query?: string;
  services?: number[];
  minPrice?: number;
  maxPrice?: number;
  deadline?: string;
  cityFiasId?: string;
  customerId?: number;
  customerType?: ProfileType;
  /** Look `query` up as these substrings of the name and description (pg_trgm: `substringStems`). */
  substrings?: readonly string[] | null;
}

/** A query that is an application's number as shown («10017», «№ 10017»); its digits. */
/** «10017» or «№ 10017», as the cards show a number: a search for that application too. */
export const APPLICATION_NUMBER_QUERY = /^\s*(?:№\s*)?(\d{1,9})\s*$/;

/** The normalised name and description (migration 010's stored column, where pg_trgm indexes it). */
export const APPLICATION_TEXT = 'a.search_text';

export interface ApplicationRow {
  id: number;
  number: number;
  name: string;
  description: string;
  status: ApplicationStatus;
  price: number | null;
  deadline: string | null;
  feedbackDeadline: string | null;
  addressValue: string;
  cityFiasId: string | null;
  geoLat: number | null;
  geoLon: number | null;
  customerId: number;
  customerName: string;
  customerType: ProfileType;
  services: Array<{ id: number; name: string }> | string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** A statement and its values (the list's, `db/list-page.ts`). */
export type SqlStatement = Statement;

// Dates and money are formatted in SQL so PGlite and node-postgres answer identically.
export const applicationSelect = `
  select a.id, a.number, a.name, a.description, a.status, a.price::float8 as price,
    ${isoDate('a.deadline')} as deadline,
    ${isoDate('a.feedback_deadline')} as "feedbackDeadline",
    a.address_value as "addressValue", a.city_fias_id as "cityFiasId", a.geo_lat as "geoLat", a.geo_lon as "geoLon",
    p.id as "customerId", p.name as "customerName", p.type as "customerType",
    coalesce((
      select json_agg(json_build_object('id', s.id, 'name', s.name) order by ${nameSortKey('s.name')}, s.id)
      from application_services x join services s on s.id = x.service_id
      where x.application_id = a.id
    ), '[]'::json) as services,
    ${isoTimestamp('a.created_at')} as "createdAt",
    ${isoTimestamp('a.updated_at')} as "updatedAt",
    ${isoTimestamp('a.published_at')} as "publishedAt"
  from applications a
  join profiles p on p.id = a.customer_profile_id`;

// Each order matches one of migration 005's partial indexes exactly (direction and nulls
// placement included; the name's were rebuilt on `nameSortKey` by migration 017), so a page is
// read from an index instead of sorting every match.
export const applicationOrders: Record<ApplicationSortField, Record<TypeSort, string>> = {
  name: { asc: `${nameSortKey('a.name')} asc`, desc: `${nameSortKey('a.name')} desc` },
  price: { asc: 'a.price asc nulls last', desc: 'a.price desc nulls last' },
  deadline: { asc: 'a.deadline asc nulls last', desc: 'a.deadline desc nulls last' },
  createdAt: { asc: 'a.created_at asc', desc: 'a.created_at desc' },
};

// The same orders over a text query's matches read from `application_terms` (migration 013), which
// keeps each application's sort keys beside its words (`name_key` is the name's `nameSortKey`,
// since migration 017): the column of the sort, read as `a.key`, and its direction.
const termKeys: Record<ApplicationSortField, string> = { name: 't.name_key', price: 't.price', deadline: 't.deadline', createdAt: 't.created_at' };
const termOrders: Record<ApplicationSortField, Record<TypeSort, string>> = {
  name: { asc: 'a.key asc', desc: 'a.key desc' },
  price: { asc: 'a.key asc nulls last', desc: 'a.key desc nulls last' },
  deadline: { asc: 'a.key asc nulls last', desc: 'a.key desc nulls last' },
  createdAt: { asc: 'a.key asc', desc: 'a.key desc' },
};

/**
 * One statement that counts a text query's matches (`matches`: at most the cap's worth, each with
 * the columns `order` reads, as `a`) with a window over that one read and keeps the page's rows by a
 * top-N sort; `ord` numbers the page's rows in order.
 */
function countedPageSql(matches: string, order: string, limit: string): string {
  return `with page as (
      select a.id, a.total, row_number() over (order by ${order}) as ord from (
        select a.*, (count(*) over ())::int as total from (${matches}) a order by ${order} ${limit}
      ) a
    )
    ${pageApplications('page.total, page.ord')}`;
}

/**
 * A page of the walk of the sort's index, read as ids first: the rows the offset skips are only
 * tested against the filter, never joined to their customer nor given their services, which only
 * the page's own rows are. At 100,000 applications on PGlite, page 1,000 of the published (offset
 * 19,980) answered in 150 ms (p50) built whole and in 20 ms this way; page 200 in 28 and 10 ms.
 */
const idsFirstPageSql = (where: string, order: string, limit: string): string =>
  `with page as (
      select a.id, row_number() over (order by ${order}) as ord from applications a ${where} order by ${order} ${limit}
    )
    ${pageApplications('page.ord')}`;

/** The applications of a `page` (a CTE of `id` and `ord`, with `columns` of it kept), in its order. */
const pageApplications = (columns: string): string =>
  `select ${columns}, r.* from page join (${applicationSelect} where a.id in (select id from page)) r on r.id = page.id
    order by page.ord`;

/** The `from … where` of the links to the services of `ids` (a placeholder), of published applications only where `published`. */
const servicesLinks = (ids: string, published: boolean): string =>
  `from application_services x where ${published ? 'x.published and ' : ''}x.service_id = any(${ids}::int[])`;

/** Only published applications are listed (the public catalogue). */
const onlyPublished = (f: ApplicationFilter): boolean => f.statuses.length === 1 && f.statuses[0] === 'published';

/**
 * A text query's matches from the published applications' words (migration 013) where it is the
 * public list's text query on a server with pg_trgm, alone or with prices, a deadline or services: each word
 * of the query is a substring of one of an application's whitespace-separated words exactly when it
 * is one of its text, so the words that contain it (`search_terms`, its trigram index) name the
 * applications, and every further word of the query keeps those that have one of its words too.
 * Each word's row carries the application's price and deadline, so those filters are tested there,
 * and services keep the rows of their published links. Read from the index of `application_terms`
 * alone, each application once (its rows sorted by id: an application has a row for each of its
 * words that matches) with the key of the list's sort; at most the cap's worth (for «уборка» with one
 * service at 100,000 applications, 1.2 ms against 5.5 for the applications' text). Null where it
 * does not apply (a city or a customer: the applications are read, a city through its own index).
 */
function termMatches(f: ApplicationFilter, add: (value: unknown) => string): string | null {
  const otherFilters = Boolean(f.cityFiasId) || f.customerId !== undefined || Boolean(f.customerType);
  if (!f.substrings?.length || !onlyPublished(f) || otherFilters) return null;
  const terms = (stem: string) => `array(select s.id from search_terms s where s.term like ${add(containsPattern(stem))})`;
  const [first, ...rest] = f.substrings;
  const firstTerms = terms(first!);
  const keys = termKeyConditions(f, add);
  const also = rest.map((stem) => ` and t.application_id in (select u.application_id from application_terms u where u.term_id = any(${terms(stem)}))`);
  return `select distinct on (t.application_id) t.application_id as id, ${termKeys[f.attributeSort]} as key
    from application_terms t where t.term_id = any(${firstTerms})${keys}${also.join('')}
    order by t.application_id limit ${LIST_TOTAL_CAP + 1}`;
}

/** whereClause's prices, deadline and services, on the copies a word's row `t` keeps (each ` and …`). */
function termKeyConditions(f: ApplicationFilter, add: (value: unknown) => string): string {
  const keys: string[] = [];
  if (f.minPrice !== undefined) keys.push(`t.price >= ${add(f.minPrice)}`);
  if (f.maxPrice !== undefined) keys.push(`t.price <= ${add(f.maxPrice)}`);
  if (f.deadline) keys.push(`t.deadline <= ${add(f.deadline)}::date`);
  if (f.services?.length) keys.push(`t.application_id in (select x.application_id ${servicesLinks(add(f.services), true)})`);
  return keys.map((k) => ` and ${k}`).join('');
}

/**
 * The page of a one-word text query in the list's default order (the name, ascending) where
 * `termMatches` applies, read without every match: each word that contains the query's word is read
 * in that order from its own index (`application_terms_name_idx`, migration 015), its first
 * `offset + limit` rows only. They are enough: an application among the first `offset + limit`
 * matches has fewer than that many matches before it, so fewer before it among any one word's rows.
 * For «ремонт» at 100,000 applications, a few rows of each of its words instead of its 2,500
 * matches sorted. The count is not read here: used where it is kept (`keptPage`).
 */
function termPageSql(f: ApplicationFilter, window: ReturnType<typeof pageWindow>): Statement | null {
  if (f.substrings?.length !== 1 || f.attributeSort !== 'name' || f.typeSort !== 'asc') return null;
  const values: unknown[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const word = add(containsPattern(f.substrings[0]!));
  const keys = termKeyConditions(f, add);
  const from = values.length + 1;
  const order = `${termOrders.name.asc}, a.id asc`;
  const text = `with matches as (
      select distinct w.id, w.key from search_terms s cross join lateral (
        select t.application_id as id, t.name_key as key from application_terms t
        where t.term_id = s.id${keys}
        order by t.name_key, t.application_id limit ${window.through(from)}
      ) w
      where s.term like ${word}
    ), page as (
      select a.id, row_number() over (order by ${order}) as ord from matches a order by ${order} ${window.sql(from)}
    )
    ${pageApplications('page.ord')}`;
  return { text, values: [...values, ...window.values] };
}

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    status: row.status,
    price: row.price,
    deadline: row.deadline,
    feedbackDeadline: row.feedbackDeadline,
    address: { value: row.addressValue, cityFiasId: row.cityFiasId, geoLat: row.geoLat, geoLon: row.geoLon },
    services: typeof row.services === 'string' ? JSON.parse(row.services) : row.services,
    customer: { id: row.customerId, name: row.customerName, type: row.customerType },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

/**
 * Statuses are written into the SQL as literals (checked against the closed list), not bound:
 * the planner can only match the partial indexes (`where status = 'published'`) to a literal
 * whatever plan caching the driver does.
 */
function statusCondition(statuses: ApplicationStatus[], column = 'a.status'): string {
  const known = statuses.filter((s) => (applicationStatuses as readonly string[]).includes(s));
  if (known.length === 0) return 'false';
  return known.length === 1 ? `${column} = '${known[0]}'` : `${column} in (${known.map((s) => `'${s}'`).join(', ')})`;
}

/**
 * The filter's condition. `forCount` words the services filter for counting: where only published
 * applications are listed, the ids come from the published links' own index (migration 011) as one
 * array, instead of a semi-join of every published application. A page keeps the semi-join, which
 * the walk of the sort's index probes a row at a time until the page is full. `linksAlone` is the
 * published links' `from … where` when the services filter is the only condition besides the
 * published status: the links then answer the count by themselves. `statusAlone`: the statuses are
 * the only condition.
 */
function whereClause(f: ApplicationFilter, forCount = false): { sql: string; params: unknown[]; linksAlone?: string; statusAlone: boolean } {
  const params: unknown[] = [];
  const where: string[] = [statusCondition(f.statuses)];
  let linksAlone: string | undefined;
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.query !== undefined) {
    // Prefix matching of every word ("электропровод" finds "электропроводки") on the GIN index.
    const text = textSearchCondition({ tsvector: 'a.search', text: APPLICATION_TEXT, query: f.query, substrings: f.substrings, add });
    // «10017» or «№ 10017», as the cards show it: the application of that number too (its unique index).
    const number = APPLICATION_NUMBER_QUERY.exec(f.query)?.[1];
    where.push(number ? `(${text} or a.number = ${add(Number(number))})` : text);
  }
  if (f.services?.length) {
    const published = onlyPublished(f);
    const linksFrom = servicesLinks(add(f.services), published);
    const links = `select x.application_id ${linksFrom}`;
    where.push(forCount && published ? `a.id = any(array(${links}))` : `a.id in (${links})`);
    if (published) linksAlone = linksFrom;
  }
  if (f.minPrice !== undefined) where.push(`a.price >= ${add(f.minPrice)}`);
  if (f.maxPrice !== undefined) where.push(`a.price <= ${add(f.maxPrice)}`);
  if (f.deadline) where.push(`a.deadline <= ${add(f.deadline)}::date`);
  if (f.cityFiasId) where.push(`a.city_fias_id = ${add(f.cityFiasId)}`);
  if (f.customerId !== undefined) where.push(`a.customer_profile_id = ${add(f.customerId)}`);
  // Organisations place applications as customers too, so the client's default `type=customer`
  // (spec §3) must not hide them; `organization` narrows to organisations.
  if (f.customerType) {
    const types = f.customerType === 'customer' ? ['customer', 'organization'] : [f.customerType];
    where.push(`exists (select 1 from profiles c where c.id = a.customer_profile_id and c.type = any(${add(types)}::text[]))`);
  }
  return { sql: `where ${where.join(' and ')}`, params, linksAlone: where.length === 2 ? linksAlone : undefined, statusAlone: where.length === 1 };
}

/**
 * The statements of a list page, exported so query-plan.test.ts explains exactly what the API runs.
 * The count reads applications alone (no join), so it can be answered from an index; `page` walks
 * the index of the sort until the page is full. A services filter alone is counted from the
 * published links' index without the applications (an application with two of the services is one
 * match): 1.6 ms instead of 3.3 for 2,180 matches at 100,000 applications. Without a filter besides
 * the statuses, the count is the statuses' kept totals (migration 012): one row each, where the
 * capped count read 10,001 index entries (3 ms) at 100,000.
 *
 * A text query has `countedPage` besides: one statement that reads the matches once from the text's
 * own index (at most the cap's worth), counts them with a window over that read and keeps the page's
 * rows by a top-N sort. Walking the sort's index is no good there: a word can match rows that all
 * sort last (a word of the names late in the alphabet), and the walk then tests nearly every
 * published row (16 ms at 100,000 applications, against 5 for reading the 2,500 matches). It answers
 * no row where the page has none (no match, or a page past the last): the count then says which.
 * Past the cap the matches are dense enough for the walk, and `page` answers. Where the public list's
 * text query comes alone or with prices, a deadline or services on a server with pg_trgm, `count` and
 * `countedPage` read the matches from the published applications' words instead (`termMatches`,
 * migration 013): no application is fetched or rechecked but the page's own rows.
 *
 * Services with another condition of the public list have a `countedPage` too, over the count's own
 * read: it fetches each application of the services' published links to test it anyway.
 */
export function buildApplicationListQuery(f: ApplicationFilter): ListStatements {
  const { sql: where, params } = whereClause(f);
  const counting = whereClause(f, true);
  const order = `${applicationOrders[f.attributeSort][f.typeSort]}, a.id asc`;
  const window = pageWindow(f, applicationListDefaults.limit);
  const paging = window.values;
  const limit = window.sql(params.length + 1);
  const termParams: unknown[] = [];
  const matches = termMatches(f, (value) => {
    termParams.push(value);
    return `$${termParams.length}`;
  });
  if (matches) {
    const termOrder = `${termOrders[f.attributeSort][f.typeSort]}, a.id asc`;
    const termLimit = window.sql(termParams.length + 1);
    return {
      count: { text: `select count(*)::int as total from (${matches}) m`, values: termParams },
      page: { text: idsFirstPageSql(where, order, limit), values: [...params, ...paging] },
      countedPage: { text: countedPageSql(matches, termOrder, termLimit), values: [...termParams, ...paging] },
      keptPage: termPageSql(f, window) ?? undefined,
    };
  }
  return {
    count: counting.statusAlone
      ? { text: `select coalesce(sum(c.total), 0)::int as total from application_status_counts c where ${statusCondition(f.statuses, 'c.status')}`, values: [] }
      : counting.linksAlone
        ? { text: cappedCountSql(`from (select distinct x.application_id ${counting.linksAlone}) links`), values: counting.params }
        : { text: cappedCountSql(`from applications a ${counting.sql}`, { materialize: f.query !== undefined }), values: counting.params },
    page: { text: idsFirstPageSql(where, order, limit), values: [...params, ...paging] },
    countedPage:
      f.query !== undefined
        ? // The matches keep the columns the orders read (the LIMIT keeps their read apart from the
          // sort, so the planner reads the text's index rather than walking the sort's).
          { text: countedPageSql(matchesSql(where), order, limit), values: [...params, ...paging] }
        : f.services?.length && onlyPublished(f) && !counting.linksAlone
          ? // Services with another condition: the count already fetches each linked application to
            // test it, so the same read counts and pages them (a service's published links bound it),
            // where the walk of the sort's index would probe the links of every row it passes (for
            // 108 matches of 30,000 published: the count 3.7 ms, then the walk 8.6 more).
            { text: countedPageSql(matchesSql(counting.sql), order, limit), values: [...counting.params, ...paging] }
          : undefined,
  };
}

/** The matches of a `where` (at most the cap's worth) with the columns the orders read, for `countedPageSql`. */
const matchesSql = (where: string): string =>
  `select a.id, a.name, a.price, a.deadline, a.created_at from applications a ${where} limit ${LIST_TOTAL_CAP + 1}`;

export function applicationRepository(db: Queryable) {
  return {
    /** `counts`: the counts kept between writes (the public list's), where a filter's count is read once. */
    list(f: ApplicationFilter, counts?: CountCache): Promise<{ items: Application[]; total: number; totalExact: boolean }> {
      // A number's query is read by the applications' text and number (whereClause), not by the words' index alone.
      const byNumber = f.query !== undefined && APPLICATION_NUMBER_QUERY.test(f.query);
      return readListPage(db, f, (substrings) => buildApplicationListQuery({ ...f, substrings: byNumber ? null : substrings }), toApplication, counts);
    },

    async findById(id: number, statuses: ApplicationStatus[]): Promise<Application | undefined> {
      const [row] = await db.query<ApplicationRow>(`${applicationSelect} where a.id = $1 and ${statusCondition(statuses)}`, [id]);
      return row ? toApplication(row) : undefined;
    },
  };
}
export type ApplicationRepository = ReturnType<typeof applicationRepository>;
