import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tags } from '../db/schema/readings.ts';
import { badRequest } from './http-error.ts';
import type { OrgScope } from '../kernel/scope.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tags an organisation is offered: the platform-wide ones (no org) and its own. */
export const offeredTo = (orgId: string) => or(isNull(tags.orgId), eq(tags.orgId, orgId));

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
 * The tags among `ids` offered to the scope's organisation, by lower-cased id: one query for the
 * tags of a whole batch, which tagsOf then reads for each recording.
 */
export async function findOfferedTags(
  db: Database,
  scope: Pick<OrgScope, 'orgId'>,
  ids: Iterable<string>,
): Promise<Map<string, PresentedTag>> {
  // Only well-formed ids can match; anything else is simply not a tag we offer.
  const candidates = [...new Set([...ids].map((id) => id.trim().toLowerCase()))].filter((id) =>
    UUID.test(id),
  );
  const rows = candidates.length
    ? await db
        .select({ id: tags.id, tag_name: tags.name })
        .from(tags)
        .where(and(inArray(tags.id, candidates), offeredTo(scope.orgId)))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
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
