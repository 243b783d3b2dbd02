import { useId, useState, type FormEvent } from 'react';
import { Button } from 'shared';
import './applications.css';

export interface ApplicationSearchFormProps {
  /** The query the list is filtered by now (from the URL). */
  defaultValue?: string;
  onSearch: (query: string) => void;
  label?: string;
}

export function ApplicationSearchForm({ defaultValue = '', onSearch, label = 'Поиск заявок' }: ApplicationSearchFormProps) {
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
    <form role="search" className="application-search" onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="application-search__label">
        {label}
      </label>
      <div className="application-search__row">
        <input
          id={inputId}
          name="query"
          type="search"
          className="application-search__input"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder="Например, ремонт кровли"
          maxLength={200}
          autoComplete="off"
        />
        <Button type="submit">Найти</Button>
      </div>
    </form>
  );
}
