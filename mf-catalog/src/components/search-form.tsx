import { useId, useState, type FormEvent } from 'react';
import { Button } from 'shared';
import { CarriedParams } from './carried-params';
import './catalog.css';

export interface SearchFormProps {
  label: string;
  /** The query the list is filtered by now (from the URL). */
  defaultValue?: string;
  onSearch: (query: string) => void;
  placeholder?: string;
  /**
   * Where the form goes if it is submitted before the page's scripts run (or without them): a GET
   * with `query`, which the server renders. Without it, the current page with `?query=` and the
   * page's other parameters (its filters and sort) kept.
   */
  action?: string;
}

/** A `search` landmark with one field; submitting hands the trimmed query over. */
export function SearchForm({ label, defaultValue = '', onSearch, placeholder, action }: SearchFormProps) {
  const inputId = useId();
  const [value, setValue] = useState(defaultValue);
  const [shown, setShown] = useState(defaultValue);
  // Back, Forward and "reset filters" change the URL: show its query without remounting (focus stays).
  if (shown !== defaultValue) {
    setShown(defaultValue);
    setValue(defaultValue);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(value.trim());
  }

  return (
    <form role="search" className="search-form" action={action} onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="search-form__label">
        {label}
      </label>
      <div className="search-form__row">
        <input
          id={inputId}
          name="query"
          type="search"
          className="search-form__input"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder={placeholder}
          maxLength={200}
          autoComplete="off"
        />
        <Button type="submit">Найти</Button>
      </div>
      {action === undefined && <CarriedParams except={['query']} />}
    </form>
  );
}
