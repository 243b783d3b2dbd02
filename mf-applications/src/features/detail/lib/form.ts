export type FieldErrors = Partial<Record<string, string>>;

/** What a dialog needs of a call's zod body schema (this package does not depend on zod itself). */
export interface BodySchema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks a dialog's body against the schema of the call it submits (CONVENTIONS: forms reuse the
 * call's schema): the parsed body, or the first message per field.
 */
export function validateBody<T>(schema: BodySchema<T>, body: unknown): { ok: true; body: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
