import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * The mutation's `mutate`, one call at a time: a call while one runs is dropped. Buttons are
 * disabled while `isPending`, but a double click lands both clicks before React has drawn them
 * disabled, and the second call could only fail (409 «Заявка не ожидает оплаты» beside «Оплата
 * получена»; «Приглашение не найдено» after the invite was accepted).
 */
export function useOneAtATime<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void {
  const running = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (running.current) return;
      running.current = true;
      mutate(variables, {
        ...options,
        onSettled: (...settled) => {
          running.current = false;
          return options?.onSettled?.(...settled);
        },
      });
    },
    [mutate],
  );
}
