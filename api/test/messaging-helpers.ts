import type { Message } from 'shared/contract';
import { must, type CallAnswer, type DealContext, type FilePart, type Who } from './deal-helpers';

/** A multipart form through the deal's caller (deal-helpers `form`): the fields, then each file in field `file`. */
export const form = <T = any>(d: DealContext, who: Who, pathName: string, fields: Record<string, string>, files: readonly FilePart[] = []): Promise<CallAnswer<T>> =>
  d.api.form<T>(who, pathName, fields, files);

/** `message/create` as JSON: `{messagingId}` or `{applicationId, profileId?}` plus the text. */
export const write = (d: DealContext, who: Who, body: Record<string, unknown>) => d.api.post<Message>(who, 'message/create', body);

/** A message that must go through. */
export async function sent(d: DealContext, who: Who, body: Record<string, unknown>): Promise<Message> {
  return must(await write(d, who, body), `message/create ${JSON.stringify(body)}`);
}
