import { applicationStatuses, applicationStatusInText, applicationStatusSchema, clampText, withoutForbiddenCharacters, type ApplicationStatus, type SessionProfileType } from 'shared';

export type ListRole = 'customer' | 'executor';

export interface ListFilter {
  role: ListRole;
  /** Null: every status. */
  status: ApplicationStatus | null;
  page: number;
  /** The search by name or number; '' for none. */
  query: string;
}

/** As long as the API takes (optionalQueryString). */
export const LIST_QUERY_MAX = 200;

/**
 * A customer profile sees what it ordered, an executor what it replied to or works on; an
 * organisation is both, the executor view first.
 */
export function rolesOf(profileType: SessionProfileType): readonly ListRole[] {
  if (profileType === 'customer') return ['customer'];
  return profileType === 'executor' ? ['executor'] : ['executor', 'customer'];
}

export const ROLE_LABELS: Record<ListRole, string> = { customer: 'Как заказчик', executor: 'Как исполнитель' };

/** An executor never sees drafts (they are the customer's alone). */
export function statusesFor(role: ListRole): readonly ApplicationStatus[] {
  return role === 'customer' ? applicationStatuses : applicationStatuses.filter((status) => status !== 'draft');
}

/** `?role=&status=&query=&page=` of the list; a role the profile lacks, an unknown status or page is read as the default. */
export function readListSearch(params: URLSearchParams, roles: readonly ListRole[]): ListFilter {
  const asked = params.get('role');
  const role = roles.find((r) => r === asked) ?? roles[0] ?? 'customer';
  const parsed = applicationStatusSchema.safeParse(params.get('status'));
  const status = parsed.success && statusesFor(role).includes(parsed.data) ? parsed.data : null;
  const page = Number(params.get('page'));
  const query = withoutForbiddenCharacters(params.get('query') ?? '').trim().slice(0, LIST_QUERY_MAX);
  return { role, status, page: Number.isInteger(page) && page > 1 ? page : 1, query };
}

/** The list's URL for a role, status tab, search and page; the first role, page 1, «all» and no search are left out. */
export function listSearchOf({ role, status, page, query = '' }: Omit<ListFilter, 'query'> & { query?: string }, roles: readonly ListRole[]): string {
  const params = new URLSearchParams();
  if (role !== roles[0]) params.set('role', role);
  if (status) params.set('status', status);
  if (query) params.set('query', query);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The tab's title by the status tab, search and page shown: «Мои заявки: в работе, «забор», страница 2». */
export function listTitle(base: string, { status, page, query }: Pick<ListFilter, 'status' | 'page' | 'query'>): string {
  const parts = [status ? applicationStatusInText(status) : '', query ? `«${clampText(query, 40)}»` : ''].filter(Boolean);
  return `${base}${parts.length ? `: ${parts.join(', ')}` : ''}${page > 1 ? `, страница ${page}` : ''}`;
}
