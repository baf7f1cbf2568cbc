import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Resonant';
/** One step either side of now (RFC 6238 §5.2's allowance for clocks and typing), in seconds. */
const TOLERANCE_SECONDS = 30;

/** A new shared secret (base32, 160 bits: RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth URI an authenticator app reads, and the same as a QR code (an SVG document). */
export async function enrolmentCode(email: string, secret: string) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret });
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2 });
  return { otpauthUri, qrCodeSvg };
}

/**
 * The time step a code matches, within one step of `now`, and later than `afterStep` (the last
 * one accepted, so a code is never taken twice); null when it matches none of them.
 */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
