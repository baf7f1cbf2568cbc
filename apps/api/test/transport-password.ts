import { constants, publicEncrypt } from 'node:crypto';

/**
 * A password as the browser sends it to Add User and Add Organization: RSA-OAEP (SHA-256) with the
 * server's public key, base64 (apps/web/src/features/users/encrypt-password.ts does it with Web
 * Crypto; lib/password-transport.ts reads it).
 */
export function encryptForTransport(publicKey: string, password: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}
