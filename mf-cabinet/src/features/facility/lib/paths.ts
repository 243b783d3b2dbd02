/**
 * The cabinet's facility pages (spec §2); editing is the form with `?id=`. `public` is the
 * catalogue's page of any facility, where one not of the active profile is shown.
 */
export const facilityPaths = {
  list: '/lk/facility',
  create: '/lk/facility/form',
  edit: (id: number) => `/lk/facility/form?id=${id}`,
  detail: (id: number) => `/lk/facility/${id}`,
  public: (id: number) => `/facility/${id}`,
} as const;

/** A positive integer from the URL, else null. */
export function idFrom(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
