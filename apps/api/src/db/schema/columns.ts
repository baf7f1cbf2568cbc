import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key shared by every table: random UUIDs, so ids reveal nothing and never collide across orgs. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A raw RR series (ms) stored compactly: little-endian float32 in one bytea, 4 bytes per beat
 * (float32 keeps RR to ~0.0001 ms). One value instead of a SQL array keeps a 200,000-beat upload a
 * single cheap parameter rather than 200,000 array elements for the driver to format and parse.
 */
export const rrSeries = customType<{ data: number[]; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver(values) {
    const bytes = Buffer.alloc(values.length * 4);
    for (let i = 0; i < values.length; i++) bytes.writeFloatLE(values[i]!, i * 4);
    return bytes;
  },
  fromDriver(bytes) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return Array.from({ length: buffer.length / 4 }, (_, i) => buffer.readFloatLE(i * 4));
  },
});
