import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField, useDebouncedValue } from 'shared';
import { LIST_QUERY_MAX, listSearchOf, type ListFilter, type ListRole } from '../lib/list-filter';
import './list.css';

export interface ListSearchProps {
  filter: ListFilter;
  roles: readonly ListRole[];
  pathname: string;
}

/**
 * «Поиск по заявкам»: by name or number («10073», «№ 10073»), within the status tab shown. What is
 * typed goes to the URL's `?query=` a moment after the last key (Enter sends it at once), from the
 * first page, replacing the entry: Back leaves the list rather than stepping through the letters.
 * Back, a tab or «Сбросить поиск» change the URL, and the field shows its query again.
 */
export function ListSearch({ filter, roles, pathname }: ListSearchProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(filter.query);
  const [shown, setShown] = useState(filter.query);
  if (shown !== filter.query) {
    setShown(filter.query);
    setText(filter.query);
  }
  const typed = useDebouncedValue(text.trim(), 400);

  const search = (query: string) => {
    if (query === filter.query) return;
    navigate(`${pathname}${listSearchOf({ ...filter, query, page: 1 }, roles)}`, { replace: true });
  };
  // Only what was typed is sent: a URL's new query (shown above) is not typed, and not sent back.
  useEffect(() => {
    if (typed === text.trim()) search(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the debounced text alone sends
  }, [typed]);

  return (
    <form
      role="search"
      className="lk-list-search"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        search(text.trim());
      }}
    >
      <TextField
        type="search"
        label="Поиск по заявкам"
        hint="По названию или номеру заявки"
        autoComplete="off"
        maxLength={LIST_QUERY_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
