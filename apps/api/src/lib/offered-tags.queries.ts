import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tags } from '../db/schema/readings.ts';
import type { OrgScope } from '../kernel/scope.ts';
import type { PresentedTag } from './offered-tags.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tags an organisation is offered: the platform-wide ones (no org) and its own. */
export const offeredTo = (orgId: string) => or(isNull(tags.orgId), eq(tags.orgId, orgId));

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
