/**
 * Bounded caches kept as a Map in least-recently-used order: Map iterates in insertion order, so
 * a hit is moved to the end and the first key is the one to drop.
 */

/** The value under `key`, now the most recently used; undefined (nothing moved) when absent. */
export function useKept<K, V>(map: Map<K, V>, key: K): V | undefined {
  const v = map.get(key);
  if (v !== undefined) {
    map.delete(key);
    map.set(key, v);
  }
  return v;
}
