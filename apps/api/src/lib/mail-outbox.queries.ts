import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

/** Keeps a message in the outbox; its id names the message's `.eml` file. */
export async function insertOutboxMail(
  db: Database,
  mail: typeof mailOutbox.$inferInsert,
): Promise<string | undefined> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row?.id;
}
