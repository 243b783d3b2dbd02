import { useCallback, useRef } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';

/**
 * The form's `register` for a form checked as one leaves a field (`mode: 'onTouched'`), that checks
 * only the fields typed in: tabbing through an untouched form (a keyboard or screen-reader user
 * reading it) does not mark its empty required fields invalid before anything was typed (QA FFF-2).
 * A field typed in is checked as it is left and then as it changes, as before; the whole form is
 * checked on «Сохранить» as before.
 */
export function useCheckTypedFields<T extends FieldValues>(register: UseFormRegister<T>): UseFormRegister<T> {
  const typed = useRef(new Set<string>());
  return useCallback(
    <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>): UseFormRegisterReturn<N> => {
      const registered = register(name, options);
      return {
        ...registered,
        onChange: (event) => {
          typed.current.add(name);
          return registered.onChange(event);
        },
        // Not passed on, the leaving neither marks the field touched nor checks it.
        onBlur: (event) => (typed.current.has(name) ? registered.onBlur(event) : Promise.resolve()),
      };
    },
    [register],
  );
}
