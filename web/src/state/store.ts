// A minimal external store: a value, a setter that notifies, and subscribe/getSnapshot for
// React's useSyncExternalStore. Keeps state outside React without a library.

export class Store<T> {
  private value: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.value = initial;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): T => this.value;

  get(): T {
    return this.value;
  }

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const fn of this.listeners) fn();
  }

  update(fn: (v: T) => T): void {
    this.set(fn(this.value));
  }
}
