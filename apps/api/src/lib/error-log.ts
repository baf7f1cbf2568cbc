import { err as standardErrorSerializer, type SerializedError } from 'pino-std-serializers';

/** A failed statement as Drizzle reports it: its SQL and the values bound to it. */
type StatementError = Error & { query: string; params: unknown[] };

function isStatementError(error: unknown): error is StatementError {
  return (
    error instanceof Error &&
    typeof (error as Partial<StatementError>).query === 'string' &&
    Array.isArray((error as Partial<StatementError>).params)
  );
}

/** The errors of the chain, the error first, then its causes. */
function causeChain(error: Error): Error[] {
  const chain: Error[] = [];
  for (let link: unknown = error; link instanceof Error && chain.length < 10; link = link.cause) {
    chain.push(link);
  }
  return chain;
}

/** A database's data exception (SQLSTATE class 22): its message may quote the value refused. */
function isDataException(error: Error): error is Error & { code: string } {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && code.startsWith('22');
}

/** What the log says instead of a message that may hold people's data, or the message itself. */
function safeMessage(error: Error): string {
  // PGlite's own error carries the statement too: its code says more than a second SQL text.
  if (isDataException(error)) return `SQLSTATE ${error.code}: a value was refused (not logged)`;
  if (isStatementError(error)) {
    return `Failed query: ${error.query}\nparams: ${error.params.length} values, not logged`;
  }
  return error.message;
}

/**
 * pino's error serializer without the values of a failed statement: Drizzle puts them in its
 * message (`params: …`, so in the stack too) and in `params`, and a data exception's message may
 * quote one; they are people's data (names, emails, dates of birth) or password hashes. The SQL
 * and the database's error code stay.
 */
export function serializeError(error: Error): SerializedError {
  const serialized = standardErrorSerializer(error);
  for (const link of causeChain(error)) {
    const safe = safeMessage(link);
    if (safe === link.message || link.message === '') continue;
    serialized.message = serialized.message.split(link.message).join(safe);
    serialized.stack = serialized.stack.split(link.message).join(safe);
  }
  delete serialized.params;
  return serialized;
}
