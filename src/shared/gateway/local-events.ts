import type { Emit, EventListener, EventName, GatewayEvents, Subscribe } from './channels.ts';

/** Gateway events within one page (the browser host): listeners per event name, called synchronously. */
export function localEvents(): { emit: Emit; subscribe: Subscribe } {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  return {
    emit: <E extends EventName>(event: E, payload: GatewayEvents[E]) => {
      for (const listener of listeners.get(event) ?? []) (listener as EventListener<E>)(payload);
    },
    subscribe: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
  };
}
