import type { z } from 'zod';

/** Where DaData is and how to reach it (config: DADATA_TOKEN, DADATA_URL). */
export interface DadataConnection {
  token: string;
  /** e.g. https://suggestions.dadata.ru (the tests' fake server on loopback). */
  baseUrl: string;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

export class DadataUnavailable extends Error {
  constructor(cause: unknown) {
    super('DaData is unavailable', { cause });
  }
}

/**
 * DaData's "find by id" (https://dadata.ru/api/find-party/, /find-bank/): POST
 * `{baseUrl}/suggestions/api/4_1/rs/findById/<kind>` with `{query}` and `Authorization: Token …`,
 * answering `{suggestions: [...]}`. Resolves the suggestions checked against `schema`; any failure
 * (network, time-out, status, shape) is reported to onError and thrown as DadataUnavailable.
 */
export async function findById<T>(
  connection: DadataConnection,
  kind: 'party' | 'bank',
  body: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T[]> {
  const url = `${connection.baseUrl.replace(/\/+$/, '')}/suggestions/api/4_1/rs/findById/${kind}`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Token ${connection.token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(connection.timeoutMs ?? 5000),
    });
    if (!res.ok) throw new Error(`DaData answered ${res.status}`);
    const json = (await res.json()) as { suggestions?: unknown };
    if (!Array.isArray(json.suggestions)) throw new Error('DaData answered without suggestions');
    return json.suggestions.map((s) => schema.parse(s));
  } catch (err) {
    connection.onError?.(err);
    throw new DadataUnavailable(err);
  }
}
