import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { serverKeys } from '../db/schema/server-keys.ts';

type StoredKeyPair = { publicKey: string; privateKey: string };

/** The key pair stored under `name`, if any. */
export async function findServerKey(
  db: Database,
  name: string,
): Promise<StoredKeyPair | undefined> {
  const [stored] = await db
    .select({ publicKey: serverKeys.publicKey, privateKey: serverKeys.privateKey })
    .from(serverKeys)
    .where(eq(serverKeys.name, name));
  return stored;
}

/** Stores the key pair under `name` unless one is there already (the first insert wins). */
export async function insertServerKeyIfAbsent(
  db: Database,
  key: StoredKeyPair & { name: string; algorithm: string },
): Promise<void> {
  await db.insert(serverKeys).values(key).onConflictDoNothing();
}
