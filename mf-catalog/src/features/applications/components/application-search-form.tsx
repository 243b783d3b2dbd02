import { SearchForm } from '../../../components/search-form';

export interface ApplicationSearchFormProps {
  /** The query the list is filtered by now (from the URL). */
  defaultValue?: string;
  onSearch: (query: string) => void;
  label?: string;
  /** Where a submit without the page's scripts goes (SearchForm's `action`). */
  action?: string;
}

export function ApplicationSearchForm({ defaultValue = '', onSearch, label = 'Поиск заявок', action }: ApplicationSearchFormProps) {
  return <SearchForm label={label} defaultValue={defaultValue} onSearch={onSearch} placeholder="Например, кровля" action={action} />;
}
