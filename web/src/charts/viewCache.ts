// The last few results of a costly view computation (a plot's decimated series), each under the
// inputs it was made from (compared one by one with Object.is). A plot that goes back to a width
// or a time window it showed a moment ago (the side column opened and closed, a zoom undone)
// takes its decimated series from here instead of computing them again.

export class ViewCache<V> {
  private entries: { key: readonly unknown[]; value: V }[] = [];

  constructor(private readonly size = 4) {}

  /** The value made from `key` (most recent first), else `make()`'s, kept for next time. */
  get(key: readonly unknown[], make: () => V): V {
    const i = this.entries.findIndex(
      (e) => e.key.length === key.length && e.key.every((k, j) => Object.is(k, key[j])),
    );
    if (i >= 0) {
      const [hit] = this.entries.splice(i, 1);
      this.entries.unshift(hit!);
      return hit!.value;
    }
    const value = make();
    this.entries.unshift({ key, value });
    if (this.entries.length > this.size) this.entries.length = this.size;
    return value;
  }

  /** How many results are kept. */
  get length(): number {
    return this.entries.length;
  }
}
