import type { Database } from '../db/client.ts';
import { badRequest } from './http-error.ts';
import { findOfferedTags } from './offered-tags.queries.ts';
import type { OrgScope } from '../kernel/scope.ts';

/** A tag as recordings present it (SPEC §3 Tag). */
export type PresentedTag = { id: string; tag_name: string };

/** Tags in the order recordings list them: by name ignoring case, then id (stable everywhere). */
export function sortTags<T extends PresentedTag>(list: T[]): T[] {
  return list.sort((a, b) => {
    const byName = a.tag_name.toLowerCase().localeCompare(b.tag_name.toLowerCase(), 'en');
    return byName !== 0 ? byName : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/**
 * The distinct tags of a recording, sorted, after checking each id is offered to the scope's
 * organisation; the first that is not answers 400 `Unknown tag: <id>`.
 */
export async function resolveOfferedTags(
  db: Database,
  scope: Pick<OrgScope, 'orgId'>,
  ids: readonly string[] | null | undefined,
): Promise<PresentedTag[]> {
  return tagsOf(ids, await findOfferedTags(db, scope, ids ?? []));
}

/**
 * The distinct tags of a recording, sorted, from the offered tags findOfferedTags found; the first
 * id not among them answers 400 `Unknown tag: <id>`.
 */
export function tagsOf(
  ids: readonly string[] | null | undefined,
  offered: ReadonlyMap<string, PresentedTag>,
): PresentedTag[] {
  const requested = [...new Set((ids ?? []).map((id) => id.trim()))];
  const unknown = requested.find((id) => !offered.has(id.toLowerCase()));
  if (unknown !== undefined) throw badRequest(`Unknown tag: ${unknown}`);
  const found = new Map(requested.map((id) => [id.toLowerCase(), offered.get(id.toLowerCase())!]));
  return sortTags([...found.values()]);
}
