import { SearchForm } from '../../../components/search-form';

export interface ApplicationSearchFormProps {
  /** The query the list is filtered by now (from the URL). */
  defaultValue?: string;
  onSearch: (query: string) => void;
  label?: string;
}

export function ApplicationSearchForm({ defaultValue = '', onSearch, label = 'Поиск заявок' }: ApplicationSearchFormProps) {
  return <SearchForm label={label} defaultValue={defaultValue} onSearch={onSearch} placeholder="Например, ремонт кровли" />;
}
