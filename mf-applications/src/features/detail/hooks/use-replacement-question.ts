import { useCallback, useRef, useState } from 'react';

/** The replacement asked about: `proceed` lets the new edition go up, `abandon` drops a file held meanwhile. */
export interface ReplacementAsked {
  proceed: () => void;
  abandon: () => void;
}

/**
 * A new edition of a signed contract or report drops its signatures (the API's rule): it is asked
 * about first. FileInput's `askFirst` asks before the picker opens or a dropped file goes up, but
 * it hears only the input's click and a drop; a file set on the input any other way (a browser or
 * assistive tool that opens the picker without a click event, an automation's file setter) reached
 * the upload unasked and the signatures were gone. So the section also catches the input's
 * `change` on its way down (capture, before the upload's own handler hears it): a file not
 * approved is held there and asked about, and goes on only after «Заменить».
 *
 * `section`: the ref of the element holding the upload; `signed`: the document has a signature now.
 */
export function useReplacementQuestion(signed: boolean) {
  const [asked, setAsked] = useState<ReplacementAsked | null>(null);
  /** «Заменить» was answered: the next choice goes up (a picker closed without one takes it back). */
  const approved = useRef(false);
  const signedNow = useRef(signed);
  signedNow.current = signed;

  const section = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length) return;
      if (approved.current || !signedNow.current) {
        approved.current = false;
        return;
      }
      event.stopPropagation();
      setAsked({
        proceed: () => {
          approved.current = true;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        },
        abandon: () => {
          input.value = '';
        },
      });
    };
    const onCancel = () => {
      approved.current = false;
    };
    node.addEventListener('change', onChange, true);
    node.addEventListener('cancel', onCancel, true);
    return () => {
      node.removeEventListener('change', onChange, true);
      node.removeEventListener('cancel', onCancel, true);
    };
  }, []);

  /** FileInput's own question, before the picker opens: its answer opens it (or takes the dropped file). */
  const askFirst = (choose: () => void) =>
    setAsked({
      proceed: () => {
        approved.current = true;
        choose();
      },
      abandon: () => {},
    });

  return { section, asked, askFirst: signed ? askFirst : undefined, close: () => setAsked(null) };
}
