import { SortSelect, type SortSelectProps } from 'shared';
import { CarriedParams, NoScriptSubmit } from './carried-params';

/** The URL parameters a sort sets: the pair the lists write, and the select's own `sort=field:direction`. */
const SORT_PARAMS = ['attributeSort', 'typeSort', 'sort'] as const;

/**
 * A catalogue's sort select in a GET form. With scripts a choice applies at once (onChange); without
 * them (or before the page has hydrated) «Показать» sends `sort=field:direction` with the page's other
 * parameters, and the server renders the list in that order (`sortOf` in lib/url-values).
 */
export function SortForm<F extends string>(props: Omit<SortSelectProps<F>, 'name'>) {
  return (
    <form method="get" className="sort-form" onSubmit={(event) => event.preventDefault()}>
      <CarriedParams except={SORT_PARAMS} />
      <SortSelect {...props} name="sort" />
      <NoScriptSubmit what="в выбранном порядке" />
    </form>
  );
}
