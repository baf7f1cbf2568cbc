import fs from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import {
  installAxeDescription,
  installAxeMarker,
  installAxeProbe,
  type AxePageState,
  type AxeWatchOptions,
  type AxeWindow,
} from './axe-watch.ts';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One rule broken on one page (its key), with the elements that break it. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  page: string;
  targets: string[];
}

/** The rules of WCAG 2.2 A and AA, as issue 26 measured them. */
const OPTIONS = {
  runOnly: {
    type: 'tag' as const,
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
  },
  // An experimental rule, off unless named: a visible label must be part of the accessible name.
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations' as const],
};

/** Whether violations are counted (AXE_REPORT, support/axe-report.ts) rather than failing tests. */
const REPORTING = Boolean(process.env.AXE_REPORT);

const WATCH: AxeWatchOptions = {
  marker: 'data-axe-pending',
  overlays: '[role=dialog],[role=alertdialog],[role=menu],[role=listbox]',
  quietMs: 100,
  // Mantine's `sm` breakpoint: below it the frame folds its side menu away.
  narrowBelowPx: 768,
  seenBinding: REPORTING ? '__axeSeen' : null,
};

/**
 * The axe-core that @axe-core/playwright brings (resolved from that package, as the builder does),
 * minified, and evaluated once per document: by default the builder evaluates its whole
 * unminified source three times per check.
 */
const axePlaywright = createRequire(import.meta.url).resolve('@axe-core/playwright');
const AXE_PATH = createRequire(axePlaywright).resolve('axe-core/axe.min.js');
const AXE_SOURCE = `if (!window.axe) { ${fs.readFileSync(AXE_PATH, 'utf8')} }`;

/**
 * How long a check waits for the page to settle: before the test's next step (it counts towards
 * that step's timeout), and at the end of the test.
 */
const SETTLE_MS = 1_000;
const FINAL_SETTLE_MS = 3_000;

/**
 * What this worker has checked without a violation. Journeys pass the same pages again and again
 * (the auth screen, each dashboard) with other data; checking each once keeps the guard cheap:
 *
 * - a page is known when every kind of element it shows has been checked on that page (its key)
 *   before: a new kind (an empty state, an error, a badge of another colour) checks it again;
 * - a dialog, menu or listbox is known by its exact shape, wherever it opens (the profile menu
 *   over every page), as the check looks at it alone.
 *
 * A state that broke a rule is not recorded, so every journey that shows it fails.
 */
const CHECKED_KINDS = new Map<string, Set<number>>();
const CHECKED_OVERLAYS = new Set<string>();

function known(state: AxePageState): boolean {
  if (state.overlays) return CHECKED_OVERLAYS.has(state.shape);
  const kinds = CHECKED_KINDS.get(state.key);
  return kinds !== undefined && state.kinds.every((kind) => kinds.has(kind));
}

function remember(state: AxePageState) {
  if (state.overlays) CHECKED_OVERLAYS.add(state.shape);
  else {
    const kinds = CHECKED_KINDS.get(state.key) ?? new Set<number>();
    for (const kind of state.kinds) kinds.add(kind);
    CHECKED_KINDS.set(state.key, kinds);
  }
}

function guardOf(page: Page) {
  return {
    state: () => page.evaluate(() => (window as unknown as AxeWindow).__axeGuard.state()),
    settle: (ms: number) =>
      page.evaluate((ms) => (window as unknown as AxeWindow).__axeGuard.settle(ms), ms),
    done: (keys: string[]) =>
      page.evaluate((keys) => (window as unknown as AxeWindow).__axeGuard.done(keys), keys),
  };
}

/**
 * Whether the check saw one state: nothing changed, or the page has settled again as the same
 * kinds of element (a timer re-rendered a row, say). Otherwise (content drawn late, a transition
 * started) its result is thrown away.
 */
function unchanged(before: AxePageState, after: AxePageState) {
  if (after.generation === before.generation) return true;
  return after.settled && after.key === before.key && after.shape === before.shape;
}

/** A navigation or the end of the test took the document away mid-check. */
function pageWentAway(page: Page, error: unknown) {
  return page.isClosed() || /context was destroyed|navigat|detached|closed/i.test(String(error));
}

/**
 * Runs axe on every page and overlay a test reaches. The page marks a key it has not had checked
 * (support/axe-watch.ts); Playwright then calls the locator handler before the test's next action
 * or assertion, so the check sees the page the test is about to use, while the test waits.
 */
export class AxeGuard {
  readonly violations: AxeViolation[] = [];
  readonly checked = new Set<string>();
  readonly seen = new Set<string>();
  /** Checks that failed for another reason than the page going away: the guard's own faults. */
  readonly errors: string[] = [];
  /** Time spent in checks (waiting to settle too), and the axe runs per key. */
  axeMs = 0;
  readonly runs = new Map<string, number>();

  async attach(context: BrowserContext) {
    if (WATCH.seenBinding) {
      await context.exposeBinding(WATCH.seenBinding, (_source, key: string) => {
        this.seen.add(key);
      });
    }
    await context.addInitScript(installAxeProbe, WATCH);
    await context.addInitScript(installAxeDescription, WATCH);
    await context.addInitScript(installAxeMarker, WATCH);
    // A page closed as soon as it opened has nothing to check.
    context.on('page', (page) => {
      void page
        .addLocatorHandler(page.locator(`html[${WATCH.marker}]`), () => this.checkpoint(page), {
          noWaitAfter: true,
        })
        .catch(() => undefined);
    });
  }

  /** Checks the end state of every page still open. */
  async finish(context: BrowserContext) {
    for (const page of context.pages()) {
      await this.checkpoint(page, FINAL_SETTLE_MS);
    }
  }

  /**
   * One settle and one axe run at most, as they count towards the timeout of the step that called
   * the handler. The key is then done in this document, checked or not: a state the page left
   * mid-check, or that never settled, is left to the final check and to other journeys (AXE_REPORT
   * lists the keys a journey never checked).
   */
  private async checkpoint(page: Page, settleMs = SETTLE_MS) {
    const started = Date.now();
    const guard = guardOf(page);
    try {
      let now = await guard.state();
      if (known(now)) this.checked.add(now.key);
      else {
        now = await guard.settle(settleMs);
        if (now.settled) await this.check(page, now);
      }
      await guard.done([now.key]);
    } catch (error) {
      if (!pageWentAway(page, error)) this.errors.push(`axe could not check: ${String(error)}`);
    } finally {
      this.axeMs += Date.now() - started;
    }
  }

  /** Checks the settled state, unless the page changed under the check. */
  private async check(page: Page, state: AxePageState) {
    if (known(state)) {
      this.checked.add(state.key);
      return;
    }
    // Legacy mode runs axe in the page itself; the default would open a blank page in the test's
    // context to merge the frames' results (the app has no frames), which a test waiting for a new
    // tab would take for its own.
    // The builder evaluates its source twice per check; once per document is enough.
    const present = await page.evaluate(() => 'axe' in window);
    const builder = new AxeBuilder({ page, axeSource: present ? ';' : AXE_SOURCE })
      .setLegacyMode(true)
      .options(OPTIONS);
    if (state.overlays) builder.include(WATCH.overlays);
    this.runs.set(state.key, (this.runs.get(state.key) ?? 0) + 1);
    const results = await builder.analyze();
    const after = await guardOf(page).state();
    if (!unchanged(state, after)) return;
    this.checked.add(state.key);
    this.record(state.key, results);
    if (REPORTING || results.violations.length === 0) remember(state);
  }

  /** Keeps each violation once per test, though a state that broke a rule is checked again. */
  private record(key: string, results: AxeResults) {
    for (const violation of results.violations) {
      const found: AxeViolation = {
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        page: key,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      };
      const same = (other: AxeViolation) =>
        other.rule === found.rule &&
        other.page === found.page &&
        other.targets.join() === found.targets.join();
      if (!this.violations.some(same)) this.violations.push(found);
    }
  }
}

/** The violations as one line each, to read in a failed test's message. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${v.rule} (${v.impact}) on ${v.page}: ${v.help}. ${v.targets.length} element(s): ` +
      v.targets.slice(0, 5).join(', '),
  );
}
