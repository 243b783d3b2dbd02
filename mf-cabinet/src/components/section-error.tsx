import { Button, ErrorState, type ErrorStateProps } from 'shared';

export interface SectionErrorProps extends ErrorStateProps {
  /** False when one alert of the page has said this failure already (useFirstLoadFailures): shown, not said again. */
  announce: boolean;
}

/**
 * A section's load error: shared ErrorState (an alert), or the same words and «Повторить» without
 * the alert when the page's summary speaks for it.
 */
export function SectionError({ announce, ...props }: SectionErrorProps) {
  if (announce) return <ErrorState {...props} />;
  const { message, title = 'Не удалось загрузить данные', onRetry, retryLabel = 'Повторить', retrying = false } = props;
  return (
    <div className="ui-state ui-state--error">
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
