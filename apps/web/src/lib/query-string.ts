/**
 * A query string of the set values (undefined, null and '' are left out), for paged list calls.
 * Values are typed `unknown` because the contracts' coerced query fields (limit, offset) are.
 */
export function toQueryString(query: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
