import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseRecording } from '../src/analyse-recording.ts';
import { generateRr } from '../src/synthetic.ts';
import { HRV_METRIC_KEYS } from '../src/types.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hrv-cli-'));

/** Runs the command line exactly as other tools will: `npm run -s hrv -- ...args`. */
function hrv(args: string[], input?: string) {
  const result = spawnSync('npm', ['run', '-s', 'hrv', '--', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function file(name: string, content: string) {
  const filePath = path.join(workDir, name);
  fs.writeFileSync(filePath, content);
  return filePath;
}

const rr = Array.from(generateRr({ seed: 3, durationS: 180, meanHr: 64 }));

describe('npm run -s hrv', { timeout: 30_000 }, () => {
  it('prints one JSON object with exactly the documented keys, in order', () => {
    const text = `# exported by an app\n\n${rr.slice(0, 100).join('\n')}\n  # a comment\n${rr.slice(100).join('\n')}\n\n`;
    const { status, stdout, stderr } = hrv([file('plain.txt', text)]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const printed = JSON.parse(stdout) as Record<string, number | null>;
    expect(Object.keys(printed)).toEqual([...HRV_METRIC_KEYS]);
    const expected = analyseRecording(rr).metrics;
    for (const key of HRV_METRIC_KEYS) expect(printed[key]).toEqual(expected[key]);
  });

  it('reads a JSON array and stdin, and passes the options to the engine', () => {
    const options = ['--detrend', 'none', '--window', '120', '--no-correction'];
    const fromFile = hrv([...options, file('array.json', JSON.stringify(rr))]);
    const fromStdin = hrv([...options, '-'], rr.join('\n'));
    expect(fromFile.status).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
    const expected = analyseRecording(rr, {
      detrend: 'none',
      windowSeconds: 120,
      correction: false,
    }).metrics;
    expect(JSON.parse(fromFile.stdout)).toEqual(expected);
    expect(JSON.parse(fromFile.stdout)).not.toEqual(analyseRecording(rr).metrics);
  });

  it('with --jsonl answers every input line with one line, in order', () => {
    const first = rr.slice(0, 150);
    const second = rr.slice(60);
    const input = `${JSON.stringify(first)}\n\n${JSON.stringify(second)}\n`;
    const { status, stdout } = hrv(['--jsonl', '-'], input);
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual(analyseRecording(first).metrics);
    expect(JSON.parse(lines[1]!)).toEqual(analyseRecording(second).metrics);
  });

  it.each([
    ['a non-numeric line', ['FILE'], '800\nabc\n900\n', /line 2/],
    ['a negative interval', ['FILE'], '800\n-900\n', /line 2/],
    ['an empty file', ['FILE'], '# nothing\n\n', /no RR intervals/],
    ['a bad JSON array', ['FILE'], '[800, 900', /JSON/],
    ['a bad --jsonl line', ['--jsonl', 'FILE'], '[800, 900]\n800\n', /line 2/],
    ['an unknown option', ['--fast', 'FILE'], '800\n', /unknown option --fast/],
    ['a bad --detrend', ['--detrend', 'linear', 'FILE'], '800\n', /--detrend/],
    ['a bad --window', ['--window', '-5', 'FILE'], '800\n', /--window/],
    ['no FILE', [], '', /FILE is missing/],
  ])('exits with 2 and one line for %s', (_name, args, content, message) => {
    const filePath = file('bad.txt', content);
    const { status, stdout, stderr } = hrv(args.map((arg) => (arg === 'FILE' ? filePath : arg)));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('exits with 2 for a file that does not exist', () => {
    const { status, stderr } = hrv([path.join(workDir, 'missing.txt')]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/cannot read/);
  });
});
