export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers; null when the surrounding control already announces the wait. */
  label?: string | null;
}

export function Spinner({ size = 'md', label = 'Загрузка…' }: SpinnerProps) {
  const circle = <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />;
  if (label === null) return circle;
  return (
    <span role="status" className="ui-spinner-wrap">
      {circle}
      <span className="ui-visually-hidden">{label}</span>
    </span>
  );
}
