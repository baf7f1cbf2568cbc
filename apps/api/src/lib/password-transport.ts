import { constants, generateKeyPair, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { Password } from '@resonant/contracts/auth';
import { PASSWORD_NOT_READABLE_MESSAGE } from '@resonant/contracts/org-users';
import type { Database } from '../db/client.ts';
import { badRequest } from './http-error.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { findServerKey, insertServerKeyIfAbsent } from './server-keys.queries.ts';
import { issueMessage } from './zod-issues.ts';

const generate = promisify(generateKeyPair);

const KEY_NAME = 'password-transport';
/** Web Crypto's name for RSA-OAEP with SHA-256, the only scheme the browser uses here. */
const PASSWORD_TRANSPORT_ALGORITHM = 'RSA-OAEP-256';
// 3072 bits: NIST's size for use beyond 2030, and room for 318 bytes of plaintext (OAEP-SHA-256),
// more than the longest password the contracts accept.
const MODULUS_BITS = 3072;

export const UNREADABLE_PASSWORD_MESSAGE = `password: ${PASSWORD_NOT_READABLE_MESSAGE}`;

type KeyPair = { publicKey: string; privateKey: string };

// One load per database handle: the pair never changes once stored.
const cache = new WeakMap<object, Promise<KeyPair>>();

async function loadOrCreate(db: Database): Promise<KeyPair> {
  const stored = await findServerKey(db, KEY_NAME);
  if (stored) return stored;
  const pair = await generate('rsa', {
    modulusLength: MODULUS_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // Two instances starting together may both generate one: the first insert wins and both read it.
  await insertServerKeyIfAbsent(db, {
    name: KEY_NAME,
    algorithm: PASSWORD_TRANSPORT_ALGORITHM,
    ...pair,
  });
  const winner = await findServerKey(db, KEY_NAME);
  if (!winner) throw new Error('password transport key was not stored');
  return winner;
}

function keyPair(db: Database): Promise<KeyPair> {
  let pair = cache.get(db);
  if (!pair) {
    pair = loadOrCreate(db);
    // A failed load (database down) is retried by the next request instead of cached.
    pair.catch(() => cache.delete(db));
    cache.set(db, pair);
  }
  return pair;
}

/** The public key (SPKI PEM) browsers encrypt typed passwords with; created at first use. */
export async function passwordTransportPublicKey(db: Database): Promise<string> {
  return (await keyPair(db)).publicKey;
}

/**
 * Decrypts a password the browser encrypted with RSA-OAEP (SHA-256) and sent as base64. The result
 * goes straight to the password rules and argon2id; it is never logged nor put in an error message.
 */
async function decryptTransportedPassword(db: Database, base64: string): Promise<string> {
  const { privateKey } = await keyPair(db);
  const cipher = Buffer.from(base64, 'base64');
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      cipher,
    ).toString('utf8');
  } catch {
    throw badRequest(UNREADABLE_PASSWORD_MESSAGE);
  }
}

/**
 * Decrypts a password the browser encrypted and checks it with the sign-up rules and the
 * common-password check; 400 if it fails.
 */
export async function readTransportedPassword(db: Database, base64: string): Promise<string> {
  const checked = Password.safeParse(await decryptTransportedPassword(db, base64));
  // Only the rule's message leaves: never the value.
  if (!checked.success) {
    throw badRequest(issueMessage(checked.error.issues, 'Invalid password', ['password']));
  }
  assertPasswordAllowed(checked.data);
  return checked.data;
}
