import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Key pairs the server generates for itself at first use, kept in the database so every instance
 * (and every restart) on PGlite or PostgreSQL uses the same one. `password-transport` is the
 * RSA-OAEP pair the browser encrypts typed passwords with (SPKI / PKCS#8 PEM).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
