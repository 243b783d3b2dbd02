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
  /**
   * False when one alert of the page has said this failure already (several sections failing
   * together, mf-cabinet's useFirstLoadFailures): shown with its «Повторить», not said again.
   */
  announce?: boolean;
}

export function ErrorState({
  message,
  title = 'Не удалось загрузить данные',
  onRetry,
  retryLabel = 'Повторить',
  retrying = false,
  announce = true,
}: ErrorStateProps) {
  return (
    <div className="ui-state ui-state--error" role={announce ? 'alert' : undefined}>
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
