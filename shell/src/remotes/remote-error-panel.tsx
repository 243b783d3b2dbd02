import { useEffect, useRef } from 'react';
import { Button, useConnectionBack } from 'shared';

type Props = { onRetry: () => void; busy?: boolean };

/**
 * Shown inside the layout when a section's remote cannot be loaded; other routes keep working. A
 * section that failed for want of a connection is asked again by itself when the connection comes
 * back, as the page's reads are (QA CCC-3: it waited for «Повторить» while all around it came back).
 */
export function RemoteErrorPanel({ onRetry, busy = false }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useConnectionBack(!busy, onRetry);
  useEffect(() => {
    document.title = 'Не удалось загрузить раздел — Маркетплейс услуг';
    heading.current?.focus();
  }, []);
  return (
    <section className="remote-error-panel" role="alert" aria-labelledby="remote-error-title">
      <h1 id="remote-error-title" ref={heading} tabIndex={-1}>
        Не удалось загрузить раздел
      </h1>
      <p>
        Раздел временно недоступен: возможно, он обновляется или пропало соединение с сетью. Остальные страницы
        сайта работают. Попробуйте ещё раз через несколько секунд.
      </p>
      {/* While the section loads again it keeps the focus and its name, and ignores a second press. */}
      <Button onClick={onRetry} loading={busy}>
        Повторить
      </Button>
    </section>
  );
}
