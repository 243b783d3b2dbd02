import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import type { Currency } from 'shared/lk';

export interface CurrencySelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  currencies: Currency[];
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** The requisite's currency, a native select (keyboard and screen readers know it), in the kit's field look. */
export function CurrencySelect({ currencies, error, ref, ...rest }: CurrencySelectProps) {
  const id = `currency${useId()}`;
  return (
    <div className={error ? 'ui-field ui-field--invalid' : 'ui-field'}>
      <label htmlFor={id} className="ui-field__label">
        Валюта
      </label>
      <select {...rest} ref={ref} id={id} className="ui-field__input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">Выберите валюту</option>
        {currencies.map((currency) => (
          <option key={currency.id} value={currency.id}>
            {currency.name} ({currency.code})
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
