import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorState } from '../ui/error-state';
import { Skeleton } from '../ui/skeleton';
import { useInView } from './use-in-view';
import './lazy-map.css';

export interface LazyMapProps<P extends object> {
  /** The map's accessible name, e.g. 'Карта заявок': the region's, the only one (the Leaflet container inside it has none). */
  label: string;
  /** CSS height of the map, kept by the skeleton so nothing shifts when the map arrives. */
  height?: number | string;
  /** Loads the heavy component (a dynamic import: its chunk carries Leaflet). */
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  /** Called once when the map comes into view, as its chunk starts loading (prefetch data here). */
  onVisible?: () => void;
}

/**
 * Renders a skeleton of the map's size until the frame scrolls near the viewport; only then
 * imports the map's chunk (React.lazy) and shows it. A failed chunk load offers a retry.
 */
export function LazyMap<P extends object>({ label, height = 400, load, props, onVisible }: LazyMapProps<P>) {
  const frame = useRef<HTMLDivElement>(null);
  const inView = useInView(frame);
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers a rejected import forever.
  const View = useMemo(() => lazy(load), [load, attempt]);
  const skeleton = <Skeleton shape="block" height="100%" className="map-frame__skeleton" />;
  // Without scripts the frame would stay an empty grey box: it says why (a server render).
  const noScript = (
    <noscript>
      <p className="map-frame__no-script">Карта работает только с включённым JavaScript.</p>
    </noscript>
  );

  // Once, when the map appears: a new callback identity on re-render must not call it again.
  const notified = useRef(false);
  useEffect(() => {
    if (!inView || notified.current) return;
    notified.current = true;
    onVisible?.();
  }, [inView, onVisible]);

  return (
    <div ref={frame} className="map-frame" style={{ height }} role="region" aria-label={label} aria-busy={!inView || undefined}>
      {inView ? (
        <MapErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
          <Suspense fallback={skeleton}>
            <View {...props} />
          </Suspense>
        </MapErrorBoundary>
      ) : (
        <>
          {skeleton}
          {noScript}
        </>
      )}
    </div>
  );
}

class MapErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState title="Не удалось загрузить карту" message="Проверьте соединение и попробуйте ещё раз." onRetry={this.props.onRetry} />;
  }
}
