import { useId, useState, type FormEvent } from 'react';
import { Button, DateInput, parsePrice, priceFieldText, priceSchema } from 'shared';
import { CarriedParams } from '../../../components/carried-params';
import type { ApplicationFilter, ApplicationFilterPatch } from '../lib/application-filter';
import { CustomerTypeSelect } from './customer-type-select';
import '../../../components/filters.css';

interface Draft {
  min: string;
  max: string;
  /** ISO; null while the typed text is not a date (DateInput). */
  deadline: string | null;
}

/** A bound as its field shows it, the way it is typed («1000,50»). */
const boundText = (bound: string | undefined) => (bound ? priceFieldText(Number(bound)) : '');

function draftOf(filter: ApplicationFilter): Draft {
  return { min: boundText(filter.min_price), max: boundText(filter.max_price), deadline: filter.deadline ?? '' };
}

type Bound = 'min' | 'max';

/**
 * The bounds as every price field reads them (`parsePrice`: «1 000,50» is 1 000,50 ₽) and judges
 * them (the contract's `priceSchema`, its words), or the first refusal and the fields it is of:
 * the bound that is wrong, or both when the range is reversed (QA K-3).
 */
function readBounds({ min, max }: Draft): { low?: number; high?: number; error: string; wrong: Bound[] } {
  const low = parsePrice(min);
  const high = parsePrice(max);
  for (const [key, bound] of [['min', low], ['max', high]] as const) {
    if (bound === undefined) continue;
    const checked = priceSchema.safeParse(bound);
    if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'Укажите цену числом', wrong: [key] };
  }
  if (low !== undefined && high !== undefined && low > high) return { error: 'Минимальная цена больше максимальной', wrong: ['min', 'max'] };
  return { low, high, error: '', wrong: [] };
}

export interface ApplicationRangeFilterProps {
  filter: ApplicationFilter;
  onApply: (patch: ApplicationFilterPatch) => void;
}

/**
 * The panel's form: the customer type, the price range and the due date. With scripts the type
 * applies at once and the typed values together, on «Применить» or Enter. Its fields are named as
 * in the URL, so a submit before hydration (or without scripts) is one GET of all of them, the
 * type as chosen, that the server renders with the same filter (`deadline` as typed,
 * `дд.мм.гггг`, which the URL reader takes).
 */
export function ApplicationRangeFilter({ filter, onApply }: ApplicationRangeFilterProps) {
  const id = useId();
  const current = draftOf(filter);
  const currentKey = JSON.stringify(current);
  const [draft, setDraft] = useState(current);
  const [shown, setShown] = useState(currentKey);
  const [refusal, setRefusal] = useState<{ error: string; wrong: Bound[] }>({ error: '', wrong: [] });
  if (shown !== currentKey) {
    setShown(currentKey);
    setDraft(current);
    setRefusal({ error: '', wrong: [] });
  }
  const { error } = refusal;
  const errorId = `${id}-error`;
  const invalid = (key: Bound) => (refusal.wrong.includes(key) ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The prices are checked on every submit: a mistake put right is not reported any longer,
    // whatever the date says.
    const { low, high, error: problem, wrong } = readBounds(draft);
    setRefusal({ error: problem, wrong });
    // The first field refused takes the focus, in the order they stand (the prices, then the
    // date): its message is read there, and the keyboard is where the fix is. DateInput itself
    // says why its text is not a date; nothing applies until it is one.
    const first = wrong[0] ? `${wrong[0]}_price` : draft.deadline === null ? 'deadline' : null;
    if (first) {
      const target = event.currentTarget.elements.namedItem(first);
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    onApply({ min_price: low === undefined ? undefined : String(low), max_price: high === undefined ? undefined : String(high), deadline: draft.deadline || undefined });
  }

  const field = (key: 'min' | 'max') => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setDraft((previous) => ({ ...previous, [key]: value }));
    },
  });

  return (
    <form className="filter-range" onSubmit={handleSubmit} noValidate>
      <CustomerTypeSelect value={filter.type} onChange={(type) => onApply({ type })} />
      <div className="filter-range__row">
        <div className="filter-field">
          <label className="filter-field__label" htmlFor={`${id}-min`}>
            Цена от, ₽
          </label>
          <input type="text" inputMode="decimal" autoComplete="off" name="min_price" {...field('min')} {...invalid('min')} />
        </div>
        <div className="filter-field">
          <label className="filter-field__label" htmlFor={`${id}-max`}>
            Цена до, ₽
          </label>
          <input type="text" inputMode="decimal" autoComplete="off" name="max_price" {...field('max')} {...invalid('max')} />
        </div>
      </div>
      <DateInput
        className="filter-field"
        id={`${id}-deadline`}
        name="deadline"
        label="Выполнить до"
        value={draft.deadline}
        onChange={(deadline) => setDraft((previous) => ({ ...previous, deadline }))}
      />
      {error && (
        <p id={errorId} className="filter-field__error" role="alert">
          {error}
        </p>
      )}
      <CarriedParams except={['type', 'min_price', 'max_price', 'deadline']} />
      <Button type="submit" variant="secondary">
        Применить
      </Button>
    </form>
  );
}
