import { useMutation } from '@tanstack/react-query';
import { apiRequest, CALLBACK_ERROR_MESSAGE, callbackCreate, type CallBody } from 'shared';

export type CallbackBody = CallBody<typeof callbackCreate>;

export function createCallback(body: CallbackBody) {
  return apiRequest(callbackCreate, { body, errorMessage: CALLBACK_ERROR_MESSAGE });
}

export function useCreateCallback() {
  return useMutation({ mutationFn: createCallback });
}
