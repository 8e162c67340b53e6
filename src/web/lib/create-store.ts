import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A tiny store kept in localStorage under `key`, shared across tabs (the storage event).
 * `parse` turns what is stored into a valid state (or the fallback when it is missing or broken).
 */
export function createStoredStore<T>(key: string, parse: (raw: unknown) => T, fallback: T): Store<T> {
  const read = (): T => {
    try {
      const raw = globalThis.localStorage?.getItem(key);
      return raw === null || raw === undefined ? fallback : parse(JSON.parse(raw));
    } catch {
      return fallback;
    }
  };
  let state = read();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === key) {
      state = read();
      emit();
    }
  });
  return {
    get: () => state,
    set: (next) => {
      state = next;
      try {
        if (next === fallback || next === null) globalThis.localStorage?.removeItem(key);
        else globalThis.localStorage?.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the state still holds for this tab.
      }
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
