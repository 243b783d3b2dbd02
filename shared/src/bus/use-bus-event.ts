import { useEffect, useRef } from 'react';
import { bus } from './bus';
import type { AppEvents } from './events';

/** Subscribes for the component's lifetime; a new handler each render does not resubscribe. */
export function useBusEvent<K extends keyof AppEvents>(type: K, handler: (payload: AppEvents[K]) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => bus.on(type, (payload) => ref.current(payload)), [type]);
}
