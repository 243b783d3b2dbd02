import { useRef, type ButtonHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { Spinner } from './spinner';

/** `danger`: the confirm button of a destructive action. */
/** `ghost-danger`: a quiet destructive action among others («Исключить», «Удалить организацию»). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'ghost-danger';
export type ButtonSize = 'md' | 'sm';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * A wait: the button announces it (aria-busy, aria-disabled) and ignores clicks (a submit button
   * sends its form no second time) but stays focusable — a `disabled` button would drop the
   * keyboard focus to <body>, and a screen reader its place. `disabled` still disables.
   */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** How long after a press a refusal still reveals the field kept focused (the form's check is async). */
const REFUSAL_WAIT_MS = 1000;

/**
 * A field a submit's press left focused, refused by that submit (marked aria-invalid), is scrolled
 * into view: the form's «focus the first invalid field» finds it focused already and moves nothing,
 * so a field scrolled out of sight said its message where nobody saw it and the press seemed to
 * do nothing.
 */
function revealWhenRefused(field: HTMLElement) {
  const reveal = () => {
    if (document.activeElement !== field || field.getAttribute('aria-invalid') !== 'true') return false;
    field.scrollIntoView?.({ block: 'center' });
    return true;
  };
  const observer = new MutationObserver(() => {
    if (reveal()) stop();
  });
  // Refused before this press and still invalid: the check under way will leave it so.
  const now = setTimeout(() => {
    if (reveal()) stop();
  }, 0);
  const end = setTimeout(stop, REFUSAL_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(now);
    clearTimeout(end);
  }
  observer.observe(field, { attributes: true, attributeFilter: ['aria-invalid'] });
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  onMouseDown,
  ...rest
}: ButtonProps) {
  // The field a press of this submit left focused (handleMouseDown), until its click.
  const kept = useRef<HTMLElement | null>(null);
  const classes = ['ui-button', `ui-button--${variant}`, `ui-button--${size}`, className].filter(Boolean).join(' ');
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter in a field of the form, or on the button, also comes as a click: cancelled, it submits nothing.
    const field = kept.current;
    kept.current = null;
    if (loading) event.preventDefault();
    else onClick?.(event);
    if (field && !loading) revealWhenRefused(field);
  };
  const handleMouseDown = (event: MouseEvent<HTMLButtonElement>) => {
    onMouseDown?.(event);
    // A submit pressed while a field of its form has the focus: the field keeps it until the click.
    // Its blur would show its error (mode 'onTouched') above the button between press and release,
    // move the button down and lose the click; the submit checks every field anyway.
    if (event.defaultPrevented || type !== 'submit' || event.button !== 0) return;
    const form = event.currentTarget.form;
    const active = document.activeElement;
    if (form && active instanceof HTMLElement && form.contains(active) && active.matches('input, select, textarea')) {
      event.preventDefault();
      kept.current = active;
    }
  };
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={loading && !disabled ? true : rest['aria-disabled']}
      aria-busy={loading || rest['aria-busy']}
      onClick={handleClick}
      onMouseDown={handleMouseDown}
    >
      {loading && <Spinner size="sm" label={null} />}
      <span className="ui-button__label">{children}</span>
    </button>
  );
}
