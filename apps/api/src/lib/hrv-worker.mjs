// The module each thread of the HRV pool (hrv-pool.ts) loads; every export is a task it runs on a
// chunk of a batch. Plain JavaScript because worker threads do not inherit tsx's hooks on every
// Node version we support (20 registers them on the main thread only): tsImport loads the
// TypeScript sources with a loader of its own, under `npm start`, Vitest and the benchmarks alike.
import { tsImport } from 'tsx/esm/api';

export const { analyseReadings } = await tsImport('./reading-analysis.ts', import.meta.url);
export const { analyseSessions } = await tsImport('./session-analysis.ts', import.meta.url);
