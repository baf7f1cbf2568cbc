/** The longest a task waits for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 1_000;

/**
 * Runs `task` in a task of its own once the browser is idle (after it has painted and handled
 * input), or after a second at the latest; Safari has no requestIdleCallback and gets a timeout.
 * Returns a function that cancels it.
 */
export function afterIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
