import { importPKCS8, SignJWT } from 'jose';

/** What Apple's client secret is made of: the team, its key, the client and the issuer. */
export type AppleClientSecretInput = {
  teamId: string;
  keyId: string;
  /** The team's ES256 private key (PKCS #8 PEM, as Apple hands out the .p8 file). */
  privateKey: string;
  clientId: string;
  /** The provider's issuer: the JWT's audience. */
  issuer: string;
};

/** How long one secret is valid; Apple accepts up to six months, a short one leaks little. */
const LIFETIME_SECONDS = 300;
/** A secret with less than this left is replaced before a token request. */
const RENEW_BEFORE_SECONDS = 60;

/**
 * Apple's client secret: an ES256 JWT signed with the team's key (iss the team id, sub the client
 * id, aud the issuer, kid the key id), sent as `client_secret`. `current()` gives one that is
 * valid for a minute more at least, signing a fresh one when needed; the key is read once.
 */
export function appleClientSecret(input: AppleClientSecretInput) {
  let key: ReturnType<typeof importPKCS8> | null = null;
  let secret: { value: string; expiresAt: number } | null = null;

  async function sign(nowSeconds: number) {
    key ??= importPKCS8(input.privateKey, 'ES256');
    // A key that cannot be read is tried again next time, with the error it gave.
    const signingKey = await key.catch((error: unknown) => {
      key = null;
      throw error;
    });
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: input.keyId })
      .setIssuer(input.teamId)
      .setSubject(input.clientId)
      .setAudience(input.issuer)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + LIFETIME_SECONDS)
      .sign(signingKey);
    return { value, expiresAt: nowSeconds + LIFETIME_SECONDS };
  }

  return {
    /** A secret valid for at least a minute more (the real clock: the provider checks it). */
    async current(): Promise<string> {
      const nowSeconds = Math.floor(Date.now() / 1000);
      if (!secret || secret.expiresAt - nowSeconds < RENEW_BEFORE_SECONDS) {
        secret = await sign(nowSeconds);
      }
      return secret.value;
    },
  };
}
