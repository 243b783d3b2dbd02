import { lkApplicationDetailPath, NEW_APPLICATION_PATH } from 'shared';

/** The lk application routes of spec §2 (this remote's mount, remotes.json). */
export const LK_APPLICATIONS = '/lk/application';
export const lkApplicationPaths = {
  list: LK_APPLICATIONS,
  form: NEW_APPLICATION_PATH,
  edit: (id: number) => `${LK_APPLICATIONS}/edit/${id}`,
  detail: lkApplicationDetailPath,
};
/** Facilities live in the cabinet (its own page for the owner) and in the public catalogue. */
export const facilityPaths = {
  create: '/lk/facility/form',
  own: (id: number) => `/lk/facility/${id}`,
  public: (id: number) => `/facility/${id}`,
};
/** The public catalogue, where an executor finds applications to reply to. */
export const PUBLIC_APPLICATIONS = '/application';

/** A positive integer id from the route, else null (the page is then not found without a request). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
