/** A positive integer id from the route, or null for anything else (which is "not found"). */
export function parseRouteId(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
