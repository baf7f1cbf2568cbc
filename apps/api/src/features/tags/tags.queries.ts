import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tags } from '../../db/schema/readings.ts';
import { offeredTo } from '../../lib/offered-tags.queries.ts';
import type { OrgScope } from '../../kernel/scope.ts';

/** The tags offered to the scope's organisation (platform-wide and its own), by name. */
export async function listOfferedTags(db: Database, scope: Pick<OrgScope, 'orgId'>) {
  return db
    .select({ id: tags.id, tag_name: tags.name })
    .from(tags)
    .where(offeredTo(scope.orgId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.name), asc(tags.id));
}
