/** What the message needs of a zod issue (and of the validation errors Fastify makes from them). */
export type IssueLike = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * Our 400 text for a failed parse: the first issue as `field: message`, the field its dotted path
 * (under `within` when the parsed value is itself a field, e.g. `['password']`), or the message
 * alone when the issue is about the whole value; `fallback` when there is no issue.
 */
export function issueMessage(
  issues: readonly IssueLike[],
  fallback: string,
  within: readonly PropertyKey[] = [],
): string {
  const issue = issues[0];
  if (!issue) return fallback;
  const field = [...within, ...issue.path].map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
