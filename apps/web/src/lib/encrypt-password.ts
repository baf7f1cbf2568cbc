import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { publicKeyQueryOptions } from './public-key.ts';

/** Shown when the page is not a secure context (plain HTTP), where browsers hide Web Crypto. */
const INSECURE_PAGE_MESSAGE =
  'Passwords can only be sent from a secure (HTTPS) page; open Resonant over HTTPS';

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Encrypts a typed password for the server with its public key (SPKI PEM): RSA-OAEP with SHA-256
 * through Web Crypto, base64. The password itself never leaves the browser in clear.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error(INSECURE_PAGE_MESSAGE);
  const key = await subtle.importKey(
    'spki',
    pemToDer(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(password),
  );
  return toBase64(new Uint8Array(cipher));
}

/**
 * A typed password as the server wants it (Add User, Add Organization): encrypted with the
 * server's key, fetched once per page. A failure to encrypt rejects like a refused request, so it
 * is shown the way a server message is.
 */
export async function passwordForServer(
  queryClient: QueryClient,
  password: string,
): Promise<string> {
  const { public_key } = await queryClient.fetchQuery(publicKeyQueryOptions);
  try {
    return await encryptPassword(public_key, password);
  } catch (error) {
    throw new ApiError(0, { message: error instanceof Error ? error.message : undefined });
  }
}
