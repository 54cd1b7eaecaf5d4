/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveTicket<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const moved = [...items];
  const item = moved[index];
  if (item === undefined || target < 0 || target >= moved.length) return moved;
  moved.splice(index, 1);
  moved.splice(target, 0, item);
  return moved;
}
