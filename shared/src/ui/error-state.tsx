import { Button } from './button';

/** What an error state says under its title when the error brings no words of its own. */
export const ERROR_STATE_FALLBACK = 'Попробуйте ещё раз чуть позже';

export interface ErrorStateProps {
  message: string;
  /** What failed, e.g. «Не удалось загрузить заявку»; the error's own message goes under it. */
  title?: string;
  onRetry?: () => void;
  retryLabel?: string;
  /** True while the retry is running. */
  retrying?: boolean;
}

export function ErrorState({
  message,
  title = 'Не удалось загрузить данные',
  onRetry,
  retryLabel = 'Повторить',
  retrying = false,
}: ErrorStateProps) {
  return (
    <div className="ui-state ui-state--error" role="alert">
      <p className="ui-state__title">{title}</p>
      <p className="ui-state__description">{message}</p>
      {onRetry && (
        <div className="ui-state__action">
          <Button variant="secondary" onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
