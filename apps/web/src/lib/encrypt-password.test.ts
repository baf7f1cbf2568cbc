import { beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from './encrypt-password.ts';

// A key pair like the server's, made with Web Crypto itself; the test decrypts what the page sends.
let keys: CryptoKeyPair;
let publicPem = '';

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function decrypt(base64: string): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP' },
    keys.privateKey,
    fromBase64(base64),
  );
  return new TextDecoder().decode(plain);
}

describe('encryptPassword', () => {
  beforeAll(async () => {
    keys = await crypto.subtle.generateKey(
      {
        name: 'RSA-OAEP',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const body = btoa(String.fromCharCode(...spki)).replace(/(.{64})/g, '$1\n');
    publicPem = `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`;
  });

  it('encrypts with RSA-OAEP SHA-256 so the private key opens it', async () => {
    const cipher = await encryptPassword(publicPem, 'Grüße#2025');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(cipher).not.toContain('Grüße');
    expect(await decrypt(cipher)).toBe('Grüße#2025');
  });

  it('gives a different ciphertext each time (OAEP is randomised)', async () => {
    const [a, b] = await Promise.all([
      encryptPassword(publicPem, 'Secret#1'),
      encryptPassword(publicPem, 'Secret#1'),
    ]);
    expect(a).not.toBe(b);
    expect(await decrypt(a)).toBe(await decrypt(b));
  });
});
