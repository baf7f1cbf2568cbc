import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices, localPaymentMethods } from '../../db/schema/billing.ts';

export type LocalMethodRow = typeof localPaymentMethods.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice the local provider issued under `token`. */
export async function findLocalInvoice(
  db: Database,
  token: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, 'local'), eq(invoices.providerInvoiceId, token)));
  return row;
}

/** A saved test card; only the organisation's own when `orgId` is given. */
export async function findLocalMethod(
  db: Database,
  methodId: string,
  orgId?: string,
): Promise<LocalMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(localPaymentMethods)
    .where(
      and(
        eq(localPaymentMethods.id, methodId),
        orgId === undefined ? undefined : eq(localPaymentMethods.orgId, orgId),
      ),
    );
  return row;
}

export async function insertLocalMethod(
  db: Database,
  method: typeof localPaymentMethods.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(localPaymentMethods)
    .values(method)
    .returning({ id: localPaymentMethods.id });
  if (!row) throw new Error('local payment method not saved');
  return row;
}

export async function deleteLocalMethod(db: Database, methodId: string): Promise<void> {
  await db.delete(localPaymentMethods).where(eq(localPaymentMethods.id, methodId));
}
