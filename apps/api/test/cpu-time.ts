/**
 * The CPU time (user and system, in ms) this process spends while `work` runs, and its result.
 * A request handled in-process costs the same CPU time on a busy machine as on a quiet one, where
 * its wall time would also count the waits for a core: a bound on it holds on CI too, and a
 * pattern that backtracks still overshoots it by orders of magnitude.
 */
export async function withCpuTime<T>(
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}
