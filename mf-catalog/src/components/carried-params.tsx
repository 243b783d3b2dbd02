import { useLocation } from 'react-router-dom';
import { VisuallyHidden } from 'shared';

export interface CarriedParamsProps {
  /** The parameters the form's own fields set; `page` is always dropped (a new filter starts at 1). */
  except: readonly string[];
}

/**
 * Hidden fields carrying the page's other URL parameters, so that a form submitted as a plain GET
 * (before the page has hydrated on a slow phone, or without scripts) keeps the rest of the view:
 * a price typed on `/application?services=3` goes to `/application?services=3&min_price=…`.
 * With scripts the form's submit handler reads the URL itself and these fields are never sent.
 */
export function CarriedParams({ except }: CarriedParamsProps) {
  const { search } = useLocation();
  // Empty values (a field left blank in the last such submit) mean nothing and are dropped.
  const carried = [...new URLSearchParams(search)].filter(([name, value]) => value !== '' && name !== 'page' && !except.includes(name));
  return carried.map(([name, value], index) => <input key={`${name}:${index}`} type="hidden" name={name} value={value} />);
}

/**
 * The submit of a form that applies at once with scripts (a select's change): without them the
 * visitor sends it with «Показать» (the sort, the customer type). Several on a page: `what` (hidden
 * text) tells them apart for a screen reader.
 */
export function NoScriptSubmit({ what }: { what: string }) {
  return (
    <noscript>
      <button type="submit" className="button">
        Показать<VisuallyHidden>{` ${what}`}</VisuallyHidden>
      </button>
    </noscript>
  );
}
