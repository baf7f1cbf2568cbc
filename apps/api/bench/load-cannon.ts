/**
 * One load run with autocannon: `connections` keep-alive connections on loopback, each sending the
 * requests of the scenario in turn for `durationSeconds`. The client stays light, as it shares the
 * machine with the server: a status check and the latency of each response, nothing parsed.
 */
import autocannon from 'autocannon';
import { percentile } from './bench-harness.ts';

/** A GET the scenario sends, as a path with its query string. */
export type LoadRequest = { label: string; path: string };

export type LoadRun = {
  baseUrl: string;
  token: string;
  requests: readonly LoadRequest[];
  connections: number;
  durationSeconds: number;
  /** Aborted by Ctrl-C: the run stops early. */
  signal: AbortSignal;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, by request and status, e.g. "org_groups_trends?limit=5 → 500". */
  non2xx: Map<string, number>;
  /** Connection errors and timeouts (no answer within TIMEOUT_SECONDS). */
  errors: number;
  timeouts: number;
  /** This process's CPU time over the run, in % of one core: what the client took from the server. */
  clientCpuPercent: number;
};

export const TIMEOUT_SECONDS = 10;

export async function fireLoad(run: LoadRun): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const non2xx = new Map<string, number>();
  let stopInstance = () => {};
  const onAbort = () => stopInstance();
  const cpuAtStart = process.cpuUsage();
  run.signal.addEventListener('abort', onAbort, { once: true });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: run.baseUrl,
        connections: run.connections,
        duration: run.durationSeconds,
        timeout: TIMEOUT_SECONDS,
        headers: { authorization: `Bearer ${run.token}` },
        requests: run.requests.map(({ label, path }) => ({
          method: 'GET',
          path,
          onResponse: (status: number) => {
            if (status >= 200 && status < 300) return;
            const key = `${label} → ${status}`;
            non2xx.set(key, (non2xx.get(key) ?? 0) + 1);
          },
        })),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // autocannon's own percentiles skip p95: every latency is kept to take it here.
    instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
      latenciesMs.push(responseTimeMs);
    });
    stopInstance = () => instance.stop();
  }).finally(() => run.signal.removeEventListener('abort', onAbort));
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    requestsPerSecond: latenciesMs.length / result.duration,
    p50Ms: percentile(latenciesMs, 0.5),
    p95Ms: percentile(latenciesMs, 0.95),
    p99Ms: percentile(latenciesMs, 0.99),
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    clientCpuPercent: (cpu.user + cpu.system) / 1e4 / result.duration,
  };
}
