import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key shared by every table: random UUIDs, so ids reveal nothing and never collide across orgs. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
