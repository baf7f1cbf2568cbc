import { PublicKeyResponse } from '@resonant/contracts/org-users';
import { answer } from './api-server.ts';

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function toPem(spki: ArrayBuffer): string {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(spki)));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return ['-----BEGIN PUBLIC KEY-----', ...lines, '-----END PUBLIC KEY-----'].join('\n');
}

let keys: Promise<CryptoKeyPair> | undefined;

/** One key pair per test file: making one takes a while. */
function keyPair(): Promise<CryptoKeyPair> {
  keys ??= crypto.subtle.generateKey(
    { ...RSA_OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  return keys;
}

/**
 * Answers GET /api/auth/public-key with a fresh RSA key, as the server does, and returns the
 * decryption the server would apply: a test reads back the password a form sent.
 */
export async function answerPublicKey(): Promise<(cipher: string) => Promise<string>> {
  const { publicKey, privateKey } = await keyPair();
  const spki = await crypto.subtle.exportKey('spki', publicKey);
  answer('get', '/auth/public-key', PublicKeyResponse, {
    algorithm: 'RSA-OAEP-256',
    public_key: toPem(spki),
  });
  return async (cipher) => {
    const bytes = Uint8Array.from(atob(cipher), (char) => char.charCodeAt(0));
    const plain = await crypto.subtle.decrypt(RSA_OAEP, privateKey, bytes);
    return new TextDecoder().decode(plain);
  };
}
