// FOR THE BENCHMARK ONLY (ingest.bench.ts): preloaded into the server it starts (`node --import
// tsx --import <this file> apps/api/src/server.ts`, with an IPC channel), so the product has no
// path of its own for it. Measures the server's event-loop delay: the message 'event-loop-delay'
// is answered with the delay seen since the last one (or the start), {p50, p99, max, samples} in
// ms, and the count starts again.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

// Each sample is the time between two ticks of a RESOLUTION_MS timer: what the loop added is
// beyond that.
const delayMs = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

process.on('message', (message) => {
  if (message !== 'event-loop-delay') return;
  process.send?.({
    p50: delayMs(histogram.percentile(50)),
    p99: delayMs(histogram.percentile(99)),
    max: delayMs(histogram.max),
    samples: histogram.count,
  });
  histogram.reset();
});
// The channel must not keep the server running once it has stopped.
process.channel?.unref();
