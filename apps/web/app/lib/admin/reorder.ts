/** The ids in their new order after moving the one at `index` up (-1) or down (1): a reorder call's body. */
export function movedIds<T>(ids: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  next.splice(index + by, 0, moved as T);
  return next;
}
