export type EventMap = Record<string, unknown>;
export type Handler<P> = (payload: P) => void;

export interface Bus<E extends EventMap> {
  on<K extends keyof E>(type: K, handler: Handler<E[K]>): () => void;
  off<K extends keyof E>(type: K, handler: Handler<E[K]>): void;
  emit<K extends keyof E>(type: K, payload: E[K]): void;
  clear(): void;
}

/** A typed mitt: one map from event name to handlers. */
export function createBus<E extends EventMap>(): Bus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();

  const off: Bus<E>['off'] = (type, handler) => {
    handlers.get(type)?.delete(handler as Handler<never>);
  };

  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as Handler<never>);
      return () => off(type, handler);
    },
    off,
    emit(type, payload) {
      const set = handlers.get(type);
      if (!set) return;
      // A copy, so that a handler unsubscribing during emit does not skip its neighbour.
      for (const handler of [...set]) (handler as Handler<typeof payload>)(payload);
    },
    clear() {
      handlers.clear();
    },
  };
}
