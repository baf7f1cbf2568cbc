// PostgreSQL text and jsonb refuse NUL, and a lone UTF-16 surrogate has no UTF-8 encoding (the
// driver would silently store U+FFFD instead). Every other character, control ones included, fits.
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

const hex = (char: string) => char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');

/** Why PostgreSQL cannot store `text`, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain the NUL character (U+0000)';
  const surrogate = LONE_SURROGATE.exec(text)?.[0];
  if (surrogate === undefined) return null;
  return `Must be valid Unicode text (a lone surrogate U+${hex(surrogate)} cannot be stored)`;
}

/** `text` with every unstorable character written as a `\uXXXX` escape, safe to echo back. */
export function escapeUnstorable(text: string): string {
  return text
    .replaceAll('\u0000', '\\u0000')
    .replace(LONE_SURROGATES, (char) => `\\u${hex(char).toLowerCase()}`);
}

export type UnstorableText = { path: string; problem: string };

// A path as a chain from the leaf up, so nesting 20,000 levels deep costs no copying.
type PathLink = { key: string; parent: PathLink | null } | null;

function pathText(link: PathLink): string {
  const keys: string[] = [];
  for (let at = link; at; at = at.parent) keys.push(escapeUnstorable(at.key));
  return keys.reverse().join('.');
}

// Numbers and booleans (the long RR series) need no visit.
const mayHoldText = (value: unknown) =>
  typeof value === 'string' || (value !== null && typeof value === 'object');

/**
 * The first string or object key in a parsed JSON value (or query string, or path parameters) that
 * PostgreSQL cannot store, with its dotted path (`groups.0.name`); null when all of it can be
 * stored. Walks with its own stack: a body nested deeper than the call stack is read like any
 * other.
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const pending: { value: unknown; path: PathLink }[] = [{ value, path: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      const problem = unstorableTextProblem(item);
      if (problem) return { path: pathText(path), problem };
      continue;
    }
    // Children go onto the stack last first, so they are visited in the order they were sent.
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) {
        const child: unknown = item[index];
        if (mayHoldText(child))
          pending.push({ value: child, path: { key: String(index), parent: path } });
      }
    } else if (item !== null && typeof item === 'object') {
      const keys = Object.keys(item);
      for (const key of keys) {
        const problem = unstorableTextProblem(key);
        if (problem) return { path: pathText({ key, parent: path }), problem };
      }
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        const child: unknown = (item as Record<string, unknown>)[key];
        if (mayHoldText(child)) pending.push({ value: child, path: { key, parent: path } });
      }
    }
  }
  return null;
}
