/** The few SQL pieces every part of the benchmark platform (analytics-platform.ts) builds on. */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

/** The days of recordings every member gets, up to today. */
const DAYS = 365;

export const run = (db: Database, text: string) => db.execute(sql.raw(text));

export async function queryRows<Row>(db: Database, text: string): Promise<Row[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A uuid from `sequence` under a fixed `prefix` (`00000000-0000-4000-8000-`): ids in insertion
 * order, since random ones would make every insert a random primary-key write.
 */
export const sequentialId = (sequence: string, prefix: string) =>
  `('${prefix}' || lpad(to_hex(nextval('${sequence}')), 12, '0'))::uuid`;

export type MemberDaysSpec = {
  from: number;
  to: number;
  /** The column the recording's time is named, e.g. `taken_at`. */
  timeColumn: string;
  /** Minutes after the kind's time of day: `(ordinal * step + day of year) % spread`. */
  minuteStep: number;
  minuteSpread: number;
  /** More columns of the drawn row, after org_id, account_id, kind, day and the time. */
  columns: string;
  /** The kinds: `(values …) k(kind, at, …)`. */
  kinds: string;
  /** Which member days get a recording of kind `k`. */
  when: string;
};

/**
 * A `from` clause of one drawn row per member of organisations `from`..`to`, day of the last year
 * and kind of recording at its local time of day, none in the future, in the order they are
 * inserted (by member, then time).
 */
export function memberDayRecordings(spec: MemberDaysSpec): string {
  const { timeColumn } = spec;
  return `from (select * from (
       select m.org_id, m.account_id, k.kind, d::date as day,
         ((d::date + k.at + make_interval(mins =>
             (m.ordinal * ${spec.minuteStep} + extract(doy from d)::int) % ${spec.minuteSpread}))
           at time zone m.tz) as ${timeColumn},
         ${spec.columns}
       from bench_members m
       cross join generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') d
       cross join ${spec.kinds}
       where m.n between ${spec.from} and ${spec.to} and ${spec.when}
     ) drawn
     where ${timeColumn} <= now()
     order by account_id, ${timeColumn}) ordered`;
}
