/** What a page tells the axe guard about itself (support/axe-guard.ts). */
export interface AxePageState {
  /** The page's path (a segment with a digit in it reads `:id`) and its open overlays, by name. */
  key: string;
  /** A dialog, menu or listbox is open: the check looks at the overlays alone. */
  overlays: boolean;
  /** The kinds of element the checked part holds, each hashed (installAxeDescription). */
  kinds: number[];
  /** The kinds together, hashed: the same shape is the same state. */
  shape: string;
  /** Counts every change of the DOM, of a transition and of a request: equal means unchanged. */
  generation: number;
  /** No request is pending and no finite animation (a transition, a fade) runs. */
  settled: boolean;
  /** An endless animation runs: a skeleton or a loader, most likely waiting for a lazy chunk. */
  loading: boolean;
}

export interface AxeWatchOptions {
  /** The attribute on `<html>` that says the page shows a key not checked yet in this document. */
  marker: string;
  overlays: string;
  quietMs: number;
  narrowBelowPx: number;
  /** The binding told of every key reached (AXE_REPORT lists those never checked), if any. */
  seenBinding: string | null;
}

/** What the init scripts leave on `window.__axeGuard` for the Node side. */
export interface AxeWindow {
  __axeGuard: {
    state: () => AxePageState;
    settle: (timeoutMs: number) => Promise<AxePageState>;
    done: (keys: string[]) => void;
  };
}

interface Probe {
  counts: () => Pick<AxePageState, 'generation' | 'settled' | 'loading'>;
  changed: (listener: () => void) => void;
}

/*
 * The browser half of the axe guard: init scripts added to every page of the test's context.
 * Playwright sends each function's source, not its closure, so each stays self-contained; they
 * meet on `window.__axeGuard`.
 */

/**
 * Counts the page's changes: its DOM, transitions (Mantine fades its dialogs in and out; a check
 * mid-fade would measure half-transparent text) and requests (a page whose data is still loading
 * is not the page the user reads).
 */
export function installAxeProbe({ marker }: AxeWatchOptions) {
  // A blank page (a new tab before it navigates) is no page of the app.
  if (!location.protocol.startsWith('http')) return;
  let generation = 0;
  let pending = 0;
  const listeners: (() => void)[] = [];
  const changed = () => {
    generation += 1;
    for (const listener of listeners) listener();
  };
  const running = (endless: boolean) =>
    document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' &&
          (animation.effect?.getComputedTiming().endTime === Infinity) === endless,
      );

  const fetchOf = window.fetch;
  window.fetch = (...args) => {
    pending += 1;
    return fetchOf(...args).finally(() => {
      pending -= 1;
      changed();
    });
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args) {
    pending += 1;
    this.addEventListener('loadend', () => {
      pending -= 1;
      changed();
    });
    send.apply(this, args);
  };
  new MutationObserver((records) => {
    if (records.some((record) => record.attributeName !== marker)) changed();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const events = ['transitionrun', 'transitionend', 'transitioncancel', 'animationstart'];
  for (const type of [...events, 'animationend']) document.addEventListener(type, changed, true);
  window.addEventListener('resize', changed);
  const probe: Probe = {
    counts: () => ({
      generation,
      settled: pending === 0 && !running(false),
      loading: running(true),
    }),
    changed: (listener) => listeners.push(listener),
  };
  Object.assign(window, { __axeGuard: probe });
}

/** Names the page (its key) and the kinds of element it shows. */
export function installAxeDescription({ overlays, narrowBelowPx, quietMs }: AxeWatchOptions) {
  const probe = (window as { __axeGuard?: Probe }).__axeGuard;
  if (!probe) return;
  const open = () =>
    Array.from(document.querySelectorAll(overlays)).filter((e) => e.checkVisibility());
  // Test data (numbers, fresh addresses) must not make the same dialog another page.
  const plain = (text: string) =>
    text
      .split(' ')
      .map((word) => (word.includes('@') ? '<email>' : word.replace(/\d+/g, '#')))
      .join(' ')
      .trim();
  const nameOf = (element: Element) => {
    const ids = element.getAttribute('aria-labelledby')?.split(' ') ?? [];
    const label =
      element.getAttribute('aria-label') ??
      ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return `${element.getAttribute('role')} "${plain(label)}"`;
  };
  const keyOf = (shown: Element[]) => {
    const path = location.pathname
      .split('/')
      .map((segment) => (/\d/.test(segment) ? ':id' : segment))
      .join('/');
    const narrow = window.innerWidth < narrowBelowPx ? ' (narrow)' : '';
    return [`${path}${narrow}`, ...shown.map(nameOf)].join(' › ');
  };
  const hash = (text: string) => {
    let value = 2166136261;
    for (let index = 0; index < text.length; index += 1) {
      value = Math.imul(value ^ text.charCodeAt(index), 16777619) >>> 0;
    }
    return value;
  };
  const named = 'a[href], button, input, select, textarea, [role]';
  /**
   * The kinds of element shown, hashed: element, role, classes (less the ids React makes up per
   * render), the colours set inline (Mantine's badge colours, say) and, for a control or anything
   * with a role, whether it has a name given and text of its own (an icon button without a name is
   * another kind than one with). Another row of a kind already shown adds no kind, nor does a
   * chart drawn into its image.
   */
  const kindsOf = (shown: Element[]) => {
    const kinds = new Set<number>();
    for (const root of shown.length > 0 ? shown : [document.body ?? document.documentElement]) {
      for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
        // What a chart draws inside its image is presentational, to axe as to a screen reader.
        if (element.parentElement?.closest('[role=img]')) continue;
        const classes = (element.getAttribute('class') ?? '').split(' ');
        // Mantine sets colours inline as custom properties (`--badge-bg: var(--mantine-color-…)`).
        const colours = (element.getAttribute('style') ?? '').split(';').map((rule) => rule.trim());
        const naming = element.matches(named)
          ? `${element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby')}` +
            `${(element as HTMLInputElement).labels?.length ?? 0}${element.textContent?.trim() !== ''}`
          : '';
        kinds.add(
          hash(
            [element.tagName, element.getAttribute('role'), naming]
              .concat(classes.filter((name) => !name.startsWith('__m__')))
              .concat(colours.filter((rule) => rule.startsWith('--') && rule.includes('color')))
              .join(' '),
          ),
        );
      }
    }
    return [...kinds].sort((a, b) => a - b);
  };
  const state = (): AxePageState => {
    const shown = open();
    const kinds = kindsOf(shown);
    return {
      key: keyOf(shown),
      overlays: shown.length > 0,
      kinds,
      shape: hash(kinds.join()).toString(16),
      ...probe.counts(),
    };
  };
  /**
   * Resolves once the page has settled, stayed unchanged for `quietMs` and then through an idle
   * callback (the page's own idle work, a chart drawn once the page is idle, runs first), or at
   * the deadline. A loader waits for its content until halfway there; one still running then is
   * taken for part of the page (an endless animation of its own).
   */
  const settle = (timeoutMs: number) =>
    new Promise<AxePageState>((resolve) => {
      const deadline = Date.now() + timeoutMs;
      const loadersGiven = Date.now() + timeoutMs / 2;
      let last = -1;
      const quiet = () => {
        const now = probe.counts();
        const loaded = !now.loading || Date.now() > loadersGiven;
        const still = now.settled && loaded && now.generation === last;
        last = now.generation;
        return still;
      };
      const poll = () => {
        if (Date.now() > deadline) resolve({ ...state(), settled: false });
        else if (!quiet()) setTimeout(poll, quietMs);
        else {
          const idle = () => (quiet() ? resolve(state()) : setTimeout(poll, quietMs));
          requestIdleCallback(idle, { timeout: quietMs });
        }
      };
      last = probe.counts().generation;
      setTimeout(poll, quietMs);
    });
  Object.assign(probe, { state, settle, keyOf: () => keyOf(open()) });
}

/**
 * Sets the marker while the page shows a key not checked yet in this document, so Playwright calls
 * the guard's locator handler before the test's next action or assertion.
 */
export function installAxeMarker({ marker, seenBinding }: AxeWatchOptions) {
  const probe = (window as { __axeGuard?: Probe & { keyOf: () => string } }).__axeGuard;
  if (!probe) return;
  const done = new Set<string>();
  const seen = new Set<string>();
  const mark = () => {
    const key = probe.keyOf();
    document.documentElement.toggleAttribute(marker, !done.has(key));
    if (seenBinding && !seen.has(key)) {
      seen.add(key);
      void (window as unknown as Record<string, (key: string) => Promise<void>>)[seenBinding]!(
        key,
      ).catch(() => undefined);
    }
  };
  probe.changed(mark);
  Object.assign(probe, {
    done: (keys: string[]) => {
      for (const key of keys) done.add(key);
      mark();
    },
  });
}
