/**
 * Total blocking time from the CPU time of the page's tasks, beside Lighthouse's own (from their
 * wall time). On a machine shared with other work a task waits for a core, and Lighthouse's
 * simulation counts the wait as blocking (it multiplies each task's wall time by the preset's CPU
 * slowdown); the thread's CPU time leaves the wait out. Read from the trace of the same load, so
 * the two differ only by how busy the machine was: the gap says how much of Lighthouse's figure
 * the machine, not the page, made.
 */
import type { Artifacts } from 'lighthouse';

const BLOCKING_THRESHOLD_MS = 50;

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    frame?: string;
    data?: { frames?: { frame: string; isOutermostMainFrame?: boolean }[] };
  };
};

/**
 * The blocking time (ms) of the main thread's tasks from first contentful paint to the end of
 * the trace, each task's CPU time multiplied by `cpuSlowdown` as Lighthouse's simulation does;
 * NaN when the trace lacks what it needs.
 */
export function cpuBlockingTime(trace: Artifacts['Trace'], cpuSlowdown: number): number {
  const events = trace.traceEvents as unknown as TraceEvent[];
  const started = events.find((event) => event.name === 'TracingStartedInBrowser');
  const mainFrame = started?.args?.data?.frames?.find((frame) => frame.isOutermostMainFrame);
  const fcp = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.args?.frame === mainFrame?.frame,
  );
  if (!fcp) return NaN;
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.tdur === undefined) continue;
    if (event.pid !== fcp.pid || event.tid !== fcp.tid || event.ts < fcp.ts) continue;
    blocking += Math.max(0, (event.tdur / 1000) * cpuSlowdown - BLOCKING_THRESHOLD_MS);
  }
  return blocking;
}
