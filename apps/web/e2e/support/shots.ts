import path from 'node:path';
import type { TestInfo } from '@playwright/test';

/** Where journeys write screenshots to be looked at (E2E_SHOTS_DIR); unset, they stay with the run. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/** A screenshot's path: in E2E_SHOTS_DIR when set, else in the test's own output folder. */
export function shotPath(testInfo: TestInfo, name: string): string {
  return SHOTS_DIR ? path.join(SHOTS_DIR, name) : testInfo.outputPath(name);
}
