/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  return moveTo(items, index, index + step);
}

/** The list with the item at `from` moved to `to` (a drop); unchanged when either is out of range. */
export function moveTo<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  const item = moved[from];
  if (item === undefined || to < 0 || to >= moved.length || from === to) return moved;
  moved.splice(from, 1);
  moved.splice(to, 0, item);
  return moved;
}
