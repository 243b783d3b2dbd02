import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError, uploadFile, messagingKeys } from 'shared';
import { messageCreate, type Message } from '../contract/messaging';
import { addMessageToCache } from './messaging-cache';

/** Where a message goes: a conversation, or the start of one about an application (ARCHITECTURE §8). */
export type MessageTarget = { messagingId: number } | { applicationId: number; profileId?: number };

export interface SendMessageInput {
  target: MessageTarget;
  text: string;
  files?: readonly File[];
  /** The message's own key (shared `newRequestKey`), the same when it is sent again: the server keeps it once. */
  clientKey?: string;
  /** From 0 to 1 while the files are sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The multipart text fields of `message/create`: the target's ids and the text, as strings. */
function fieldsOf(target: MessageTarget, text: string, clientKey: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(target)) if (value !== undefined) fields[name] = String(value);
  fields.text = text;
  if (clientKey !== undefined) fields.clientKey = clientKey;
  return fields;
}

/**
 * `message/create`: JSON for text alone, multipart (with upload progress) when files come along.
 * A send with a key whose answer never came (the connection broke: the message may be on the
 * server, and a first one has started the conversation the list already shows) is asked once more
 * under the same key: the server answers the message it kept, or keeps it now (QA I-7).
 */
export async function sendMessage(input: SendMessageInput): Promise<Message> {
  try {
    return await sendOnce(input);
  } catch (error) {
    const unanswered = isApiError(error) && error.status === 0 && error.code !== 'timeout';
    if (!unanswered || input.clientKey === undefined || input.signal?.aborted) throw error;
    return sendOnce(input);
  }
}

async function sendOnce({ target, text, files = [], clientKey, onProgress, signal }: SendMessageInput): Promise<Message> {
  const key = clientKey !== undefined ? { clientKey } : {};
  if (files.length === 0) return (await apiRequest(messageCreate, { body: { ...target, text, ...key }, ...(signal ? { signal } : {}) })).data;
  const options = { fields: fieldsOf(target, text, clientKey), files, ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) };
  return (await uploadFile(messageCreate, options)).data;
}

/** Sends and puts the message into its thread at once; the conversation list is asked for again. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      addMessageToCache(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
    },
  });
}
