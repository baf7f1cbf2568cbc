import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';

/** The development provider's ID-token signing key: a private RS256 JWK with its kid. */
export type DevSigningKey = JWK & { kid: string; alg: 'RS256' };

/** A fresh RS256 key pair for one start of a development provider (never written anywhere). */
export async function generateDevSigningKey(): Promise<DevSigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * An Apple-style client key: the team id and key id Apple would show, the PKCS#8 private key the
 * app signs its client secret with, and the public half the provider checks it with.
 */
export type DevAppleKey = {
  teamId: string;
  keyId: string;
  privateKeyPem: string;
  publicKey: CryptoKey;
};

// Apple's team and key ids are ten upper-case letters and digits.
const appleId = () => randomBytes(5).toString('hex').toUpperCase();

/** A fresh P-256 key pair with its team and key ids, as Apple hands a developer. */
export async function generateDevAppleKey(): Promise<DevAppleKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    teamId: appleId(),
    keyId: appleId(),
    privateKeyPem: await exportPKCS8(privateKey),
    publicKey,
  };
}

// Apple refuses a client secret that lives longer than six months.
const APPLE_SECRET_MAX_SECONDS = 15_777_000;

/**
 * Whether `secret` is the client secret Apple expects from this client: an ES256 JWT signed with
 * the client's key (kid = key id), iss = team id, sub = client id, aud = the provider's issuer,
 * issued and not expired, living at most six months.
 */
export async function isAppleClientSecret(
  secret: string,
  expected: { key: DevAppleKey; clientId: string; issuer: string },
): Promise<boolean> {
  try {
    const { payload, protectedHeader } = await jwtVerify(secret, expected.key.publicKey, {
      algorithms: ['ES256'],
      issuer: expected.key.teamId,
      subject: expected.clientId,
      audience: expected.issuer,
      requiredClaims: ['iat', 'exp'],
    });
    return (
      protectedHeader.kid === expected.key.keyId &&
      payload.exp! - payload.iat! <= APPLE_SECRET_MAX_SECONDS
    );
  } catch {
    return false;
  }
}
