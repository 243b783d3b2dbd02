import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { Spinner } from './spinner';

/** `danger`: the confirm button of a destructive action. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
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
  const classes = ['ui-button', `ui-button--${variant}`, `ui-button--${size}`, className].filter(Boolean).join(' ');
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Enter in a field of the form, or on the button, also comes as a click: cancelled, it submits nothing.
    if (loading) event.preventDefault();
    else onClick?.(event);
  };
  const handleMouseDown = (event: MouseEvent<HTMLButtonElement>) => {
    onMouseDown?.(event);
    // A submit pressed while a field of its form has the focus: the field keeps it until the click.
    // Its blur would show its error (mode 'onTouched') above the button between press and release,
    // move the button down and lose the click; the submit checks every field anyway.
    if (event.defaultPrevented || type !== 'submit' || event.button !== 0) return;
    const form = event.currentTarget.form;
    const active = document.activeElement;
    if (form && active instanceof HTMLElement && form.contains(active) && active.matches('input, select, textarea')) event.preventDefault();
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
