/**
 * The HRV command line (issue: "A command line, exactly"):
 *   npm run -s hrv -- [--detrend none|smoothness-priors] [--window SECONDS] [--no-correction] [--jsonl] FILE
 * FILE (or `-` for stdin) holds RR ms, one per line or a JSON array; with --jsonl every line is one
 * recording's JSON array and every output line that recording's metrics. Bad input exits with 2
 * and a one-line message on stderr.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { analyseRecording } from '../src/analyse-recording.ts';
import { parseRrText, RrParseError } from '../src/rr-text.ts';
import { HRV_METRIC_KEYS, type AnalysisOptions, type HrvMetrics } from '../src/types.ts';

const USAGE =
  'usage: hrv [--detrend none|smoothness-priors] [--window SECONDS] [--no-correction] [--jsonl] FILE|-';

class UsageError extends Error {}

type Command = { options: AnalysisOptions; jsonl: boolean; file: string };

function parseArguments(args: string[]): Command {
  const options: AnalysisOptions = {};
  let jsonl = false;
  let file: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--detrend') {
      const value = args[++i];
      if (value !== 'none' && value !== 'smoothness-priors') {
        throw new UsageError(
          `--detrend must be none or smoothness-priors, got ${value ?? 'nothing'}`,
        );
      }
      options.detrend = value;
    } else if (arg === '--window') {
      const value = Number(args[++i]);
      if (!Number.isFinite(value) || value <= 0) {
        throw new UsageError(`--window must be a positive number of seconds`);
      }
      options.windowSeconds = value;
    } else if (arg === '--no-correction') {
      options.correction = false;
    } else if (arg === '--jsonl') {
      jsonl = true;
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg}; ${USAGE}`);
    } else if (file === null) {
      file = arg;
    } else {
      throw new UsageError(`one FILE only; ${USAGE}`);
    }
  }
  if (file === null) throw new UsageError(`FILE is missing; ${USAGE}`);
  return { options, jsonl, file };
}

/** The metrics as one JSON line, keys in the documented order. */
function formatMetrics(metrics: HrvMetrics): string {
  const ordered: Record<string, number | null> = {};
  for (const key of HRV_METRIC_KEYS) ordered[key] = metrics[key];
  return JSON.stringify(ordered);
}

function openInput(file: string): NodeJS.ReadableStream {
  if (file === '-') return process.stdin;
  if (!fs.existsSync(file)) throw new UsageError(`cannot read ${file}: no such file`);
  return fs.createReadStream(file);
}

async function readAll(input: NodeJS.ReadableStream, file: string): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function run(command: Command): Promise<void> {
  const input = openInput(command.file);
  if (!command.jsonl) {
    const rr = parseRrText(await readAll(input, command.file));
    process.stdout.write(`${formatMetrics(analyseRecording(rr, command.options).metrics)}\n`);
    return;
  }
  // All or nothing: a bad line anywhere exits with 2 before anything is printed.
  const output: string[] = [];
  let lineNumber = 0;
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
    lineNumber++;
    if (line.trim() === '') continue;
    if (!line.trim().startsWith('[')) {
      throw new RrParseError(`line ${lineNumber}: expected a JSON array of RR ms`);
    }
    let rr: number[];
    try {
      rr = parseRrText(line);
    } catch (error) {
      throw new RrParseError(`line ${lineNumber}: ${(error as Error).message}`);
    }
    output.push(`${formatMetrics(analyseRecording(rr, command.options).metrics)}\n`);
  }
  process.stdout.write(output.join(''));
}

try {
  await run(parseArguments(process.argv.slice(2)));
} catch (error) {
  if (error instanceof UsageError || error instanceof RrParseError) {
    process.stderr.write(`hrv: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
