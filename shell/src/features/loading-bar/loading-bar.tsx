import { useDelayedFlag } from './use-delayed-flag';

/** Top progress bar during navigation and remote loading (throttled 200 ms, spec §9). */
export function LoadingBar({ active }: { active: boolean }) {
  const shown = useDelayedFlag(active);
  if (!shown) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label="Загрузка страницы" aria-busy="true">
      <div className="loading-bar-indicator" />
    </div>
  );
}
