type DriverError = { code?: unknown; constraint?: unknown };

/** Whether a database error, or one of its causes (Drizzle wraps them), matches. */
function hasCause(error: unknown, matches: (cause: DriverError) => boolean): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if (matches(cause as DriverError)) return true;
  }
  return false;
}

function hasSqlState(error: unknown, matches: (code: string) => boolean): boolean {
  return hasCause(error, ({ code }) => typeof code === 'string' && matches(code));
}

/**
 * Whether a database error is a unique-index violation; of the named index only when `index` is
 * given (PGlite and node-postgres both report the violated index as `constraint`), so that another
 * index a statement touches is not taken for the one whose conflict the caller explains.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  return hasCause(
    error,
    ({ code, constraint }) => code === '23505' && (index === undefined || constraint === index),
  );
}

// SQLSTATEs of a value the database refuses because of what the client sent, should one slip past
// the checks: string too long, number out of range, bad datetime format or field overflow,
// character not in repertoire (NUL in text), invalid text representation, untranslatable character
// (NUL in jsonb), and an index row too large (a huge value in an indexed column).
const CLIENT_VALUE_ERROR_CODES = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
  '54000',
]);

/** Whether a database error refuses a value the client sent, rather than being a server fault. */
export function isClientValueError(error: unknown): boolean {
  return hasSqlState(error, (code) => CLIENT_VALUE_ERROR_CODES.has(code));
}
