/** Empty text is "nothing" to the API. */
export function textOrNull(value: string): string | null {
  return value.trim() === '' ? null : value.trim();
}

/** An editor's HTML that holds no text (`<br>`, empty paragraphs) is nothing too. */
export function htmlOrNull(value: string): string | null {
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text === '' && !/<img\b/i.test(value) ? null : value;
}

/** Only the entries of `next` that differ from `current`: each section saves just what changed. */
export function changedEntries<T extends object>(current: T, next: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(next[key] ?? null)) changes[key] = next[key];
  }
  return changes;
}

/** A section's changes for the API: text fields blank → null, rich-text fields empty → null, the rest as they are. */
export function apiChanges<T extends object>(
  changes: Partial<T>,
  kinds: Partial<Record<keyof T, 'text' | 'html'>>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    const kind = kinds[key as keyof T];
    result[key] =
      kind === 'text' ? textOrNull(String(value)) : kind === 'html' ? htmlOrNull(String(value)) : value;
  }
  return result;
}
