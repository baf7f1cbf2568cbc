import { z } from 'zod';

/** SPEC §3 "Tag". */
export const Tag = z.object({ id: z.string(), tag_name: z.string() });
export type Tag = z.infer<typeof Tag>;

/**
 * GET /api/tags (SPEC §7): the tags offered to the caller's organisation — the platform-wide ones
 * and the organisation's own — sorted by name. Readings and sessions are tagged with these ids.
 */
export const TagsResponse = z.object({ list: z.array(Tag) });
export type TagsResponse = z.infer<typeof TagsResponse>;
