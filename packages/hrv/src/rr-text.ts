/** Why a text could not be read as RR intervals; the message names the line or entry. */
export class RrParseError extends Error {
  override name = 'RrParseError';
}

/**
 * RR intervals (ms) from text: either a JSON array of numbers, or one number per line where blank
 * lines and `#` comments are ignored. Every value must be a positive finite number.
 */
export function parseRrText(text: string): number[] {
  const trimmed = text.trim();
  const values = trimmed.startsWith('[') ? parseJsonArray(trimmed) : parseLines(text);
  if (values.length === 0) throw new RrParseError('no RR intervals found');
  return values;
}

function parseJsonArray(text: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RrParseError('not a valid JSON array');
  }
  if (!Array.isArray(parsed)) throw new RrParseError('not a valid JSON array');
  return parsed.map((value: unknown, index) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new RrParseError(
        `entry ${index + 1}: ${JSON.stringify(value)} is not a positive number of milliseconds`,
      );
    }
    return value;
  });
}

function parseLines(text: string): number[] {
  const values: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const content = lines[i]!.replace(/#.*/, '').trim();
    if (content === '') continue;
    const value = Number(content);
    if (!Number.isFinite(value) || value <= 0) {
      throw new RrParseError(
        `line ${i + 1}: ${JSON.stringify(content)} is not a positive number of milliseconds`,
      );
    }
    values.push(value);
  }
  return values;
}
