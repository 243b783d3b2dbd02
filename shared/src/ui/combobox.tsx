import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { pluralize } from '../format/pluralize';
import { Button } from './button';
import { describedByOf, FieldMessages } from './field';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second, quieter line: the region of a city, the kind of a customer. */
  description?: string;
}

export type ComboboxStatus = 'idle' | 'loading' | 'error' | 'ready';

export interface ComboboxProps {
  label: string;
  /** The text of the current choice (kept in the URL); '' when nothing is chosen. */
  selectedLabel: string;
  options: ComboboxOption[];
  status: ComboboxStatus;
  /** Every edit of the text; the owner debounces it and looks the suggestions up. */
  onSearch: (text: string) => void;
  /** A suggestion was chosen, or null when the choice was cleared. */
  onSelect: (option: ComboboxOption | null) => void;
  minChars?: number;
  placeholder?: string;
  hint?: string;
  /** A form's message for the field: shown under it and linked to the input, which is marked invalid. */
  error?: string | undefined;
  /**
   * Said instead of `error` while the input holds typed text that is no suggestion chosen: a form
   * that asks for a value («Укажите адрес») over a field with text in it is asking for the choice.
   * Once no such text stands (chosen, emptied, restored by Escape), an `error` that is this very
   * message is about text that is gone: it is not said.
   */
  unchosenError?: string | undefined;
  /**
   * Makes the field a form's: text typed and no suggestion chosen is reported here (null once there
   * is none) and stays when the field is left, for the form to refuse its submit with
   * `unchosenError` rather than save the old choice under it; emptying the text drops the choice at
   * once (as the clear button). Without it (a filter), leaving the field restores the choice.
   */
  onUnchosenText?: (text: string | null) => void;
  /** The input, for a form that focuses its first invalid field. */
  inputRef?: Ref<HTMLInputElement>;
  /** The input's name, a form's field's: a refusal while the focus is in it is said (useFieldRefusal). */
  name?: string | undefined;
  /**
   * «Повторить» of suggestions that failed to load (status 'error'): asks for the same text again.
   * Busy while `retrying`; the owner's `useLookup` (its `combobox` props) gives the focus back to the input.
   */
  onRetry?: () => void;
  retrying?: boolean;
}

function statusText(count: number, status: ComboboxStatus, searching: boolean, open: boolean): string {
  if (!searching) return '';
  if (open) return `${count} ${pluralize(count, ['вариант', 'варианта', 'вариантов'])}: выберите стрелками вверх и вниз и нажмите Enter`;
  if (status === 'error') return 'Не удалось загрузить подсказки';
  if (status === 'ready') return 'Совпадений нет';
  return 'Ищем…';
}

/**
 * An editable combobox with a list of suggestions (WAI-ARIA APG "list autocomplete"): focus stays
 * in the input, the highlighted option is announced through aria-activedescendant. Only a
 * suggestion can be chosen; leaving the field with unfinished text restores the current choice.
 */
export function Combobox({
  label,
  selectedLabel,
  options,
  status,
  onSearch,
  onSelect,
  minChars = 2,
  placeholder,
  hint,
  error: formError,
  unchosenError,
  onUnchosenText,
  inputRef,
  name,
  onRetry,
  retrying = false,
}: ComboboxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState(selectedLabel);
  const [shown, setShown] = useState(selectedLabel);
  const [typing, setTyping] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // A form's field left holding typed text: it says `unchosenError` at once, not only at the submit.
  const [leftTyped, setLeftTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const [optionsKey, setOptionsKey] = useState('');
  // Back, Forward and "reset filters" change the choice from outside: show it.
  if (shown !== selectedLabel) {
    setShown(selectedLabel);
    setText(selectedLabel);
    setTyping(false);
  }
  const key = options.map((option) => option.id).join('|');
  if (key !== optionsKey) {
    setOptionsKey(key);
    setActive(-1);
  }

  const unchosen = typing && text.trim() ? text : null;
  // Reported as it changes, and at once before a choice is given to the owner (`select`): its form
  // checks its fields as the choice arrives.
  const report = useRef(onUnchosenText);
  report.current = onUnchosenText;
  useEffect(() => report.current?.(unchosen), [unchosen]);

  const looksUp = typing && text.trim().length >= minChars;
  // With its list left (Escape, or a form's field left with its text) nothing is said of it.
  const searching = looksUp && !dismissed;
  const error = unchosen ? ((formError || leftTyped) && unchosenError ? unchosenError : formError) : formError === unchosenError ? undefined : formError;
  const open = searching && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  // A list that opens past the visible part of the page (on a phone, the on-screen keyboard leaves
  // little below the field) brings the field up: several choices show, not the first alone.
  const listbox = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listbox.current;
    const input = list && document.getElementById(inputId);
    if (!open || !list || !input) return;
    const viewport = window.visualViewport;
    const visibleBottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
    if (list.getBoundingClientRect().bottom > visibleBottom) input.scrollIntoView?.({ block: 'start' });
  }, [open, inputId]);

  function select(option: ComboboxOption | null) {
    onUnchosenText?.(null);
    onSelect(option);
  }

  function choose(option: ComboboxOption) {
    setText(option.label);
    setTyping(false);
    setActive(-1);
    select(option);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setDismissed(false);
        if (!looksUp || count === 0) return;
        setActive(open ? (active + 1) % count : 0);
        return;
      case 'ArrowUp':
        event.preventDefault();
        setDismissed(false);
        if (!looksUp || count === 0) return;
        setActive(open && active > 0 ? active - 1 : count - 1);
        return;
      case 'Enter': {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open) {
          setDismissed(true);
          setActive(-1);
        } else {
          setText(selectedLabel);
          setTyping(false);
        }
        return;
    }
  }

  const retryButton = useRef<HTMLButtonElement>(null);

  /** Left: a filter's field shows its choice again; a form's keeps the text (its list closed). */
  function settle() {
    setActive(-1);
    if (!text.trim() && selectedLabel) {
      setTyping(false);
      select(null);
    } else if (onUnchosenText) {
      setDismissed(true);
      setLeftTyped(true);
    } else {
      setTyping(false);
      setText(selectedLabel);
    }
  }

  // «Повторить» is the field's own: the focus going there, or back, leaves nothing. Gone with the
  // answer it brought (no element to take the focus), it leaves nothing either.
  function handleRetryBlur(event: FocusEvent<HTMLButtonElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && !event.currentTarget.parentElement?.contains(to)) settle();
  }

  const message = statusText(options.length, status, searching, open);

  return (
    <div className={error ? 'ui-combobox ui-combobox--invalid' : 'ui-combobox'}>
      <label htmlFor={inputId} className="ui-combobox__label">
        {label}
      </label>
      <div className="ui-combobox__control">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          className="ui-combobox__input"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-describedby={describedByOf(id, hint, error)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            setTyping(true);
            setDismissed(false);
            setLeftTyped(false);
            setActive(-1);
            onSearch(value.trim());
            // A form's field emptied holds nothing: saved now (Enter), it saves no address.
            if (onUnchosenText && !value.trim() && selectedLabel) select(null);
          }}
          onKeyDown={handleKeyDown}
          onBlur={(event) => {
            if (!retryButton.current || event.relatedTarget !== retryButton.current) settle();
          }}
        />
        {selectedLabel && (
          <button
            type="button"
            className="ui-combobox__clear"
            aria-label={`Очистить: ${label}`}
            onClick={() => {
              setText('');
              setTyping(false);
              select(null);
              // The button goes with the choice: the field, emptied, keeps the focus.
              document.getElementById(inputId)?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
        <ul ref={listbox} id={listboxId} role="listbox" aria-label={label} className="ui-combobox__listbox" hidden={!open}>
          {open &&
            options.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="ui-combobox__option"
                // Keeps the focus in the input, so choosing does not blur (and reset) the field.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <span className="ui-combobox__option-label">{option.label}</span>
                {option.description && <span className="ui-combobox__option-description">{option.description}</span>}
              </li>
            ))}
        </ul>
      </div>
      <FieldMessages id={id} hint={hint} error={error} hintClassName="ui-combobox__hint" />
      <p role="status" className={open || !message ? 'ui-visually-hidden' : 'ui-combobox__message'}>
        {message}
      </p>
      {searching && status === 'error' && onRetry && (
        <Button
          variant="secondary"
          size="sm"
          ref={retryButton}
          className="ui-combobox__retry"
          loading={retrying}
          // Pressed with the mouse, the focus stays in the input, where the answer will be listed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onRetry}
          onBlur={handleRetryBlur}
        >
          Повторить
        </Button>
      )}
    </div>
  );
}
