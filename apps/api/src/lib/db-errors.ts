/** Whether a database error, or one of its causes (Drizzle wraps them), has a matching SQLSTATE. */
function hasSqlState(error: unknown, matches: (code: string) => boolean): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && matches(code)) return true;
  }
  return false;
}

/** Whether a database error is a unique-index violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, (code) => code === '23505');
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
