import { useCallback, useMemo, useRef, useState } from 'react';

/** What a form's resolver answers (react-hook-form's ResolverResult, loosely: `shared` does not depend on it). */
interface Resolution {
  values: unknown;
  errors: object;
}

/** The type of the error a form's resolver gives an address field holding typed text. */
const UNCHOSEN_ADDRESS_ERROR = 'unchosen';

export interface UnchosenAddresses {
  /** Some address field of the form holds typed text and no suggestion chosen: an edit not saved yet. */
  typed: boolean;
  /**
   * The props of the form's AddressField named `name`, through which it reports its typed text;
   * its input is named so too (a refusal while the focus is in it is said: useFormRefusal).
   */
  field: (name: string) => { name: string; onUnchosenChange: (message: string | null) => void };
  /**
   * The form's resolver, refusing as well each address field that holds typed text (with the
   * field's «Выберите … из подсказок»): whatever the field holds — nothing, or an address chosen
   * before the text was typed over it — is not what the user sees, and is not submitted.
   */
  resolver: <A extends unknown[], R extends Resolution>(resolver: (...args: A) => R | Promise<R>) => (...args: A) => Promise<R>;
}

/**
 * The one way a form learns that one of its AddressFields holds text typed and no suggestion
 * chosen: the field reports it, and the form's check refuses the submit at that field (which the
 * form then focuses as its first invalid one). Emptied, a field reports nothing: it holds no address.
 */
export function useUnchosenAddresses(): UnchosenAddresses {
  const messages = useRef(new Map<string, string>());
  const [typed, setTyped] = useState(false);
  const report = useCallback((name: string, message: string | null) => {
    if (message) messages.current.set(name, message);
    else messages.current.delete(name);
    setTyped(messages.current.size > 0);
  }, []);

  return useMemo<UnchosenAddresses>(
    () => ({
      typed,
      field: (name) => ({ name, onUnchosenChange: (message) => report(name, message) }),
      resolver:
        <A extends unknown[], R extends Resolution>(inner: (...args: A) => R | Promise<R>) =>
        async (...args: A): Promise<R> => {
          const result = await inner(...args);
          if (messages.current.size === 0) return result;
          const errors: Record<string, unknown> = { ...result.errors };
          for (const [name, message] of messages.current) errors[name] = { type: UNCHOSEN_ADDRESS_ERROR, message };
          // A refusal as react-hook-form's resolvers give it: no values, the errors.
          return { values: {}, errors } as unknown as R;
        },
    }),
    [typed, report],
  );
}
