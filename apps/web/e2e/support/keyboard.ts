import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/*
 * What the keyboard-only journeys see of the focus. They move it with `page.keyboard` alone (no
 * click, fill or focus call) and read it back here with plain DOM reads.
 */

interface Focus {
  /** The focused element as a person would find it: role or tag, then its name. */
  name: string;
  /** Why the focus cannot be seen, or '' when it can. */
  problem: string;
}

/**
 * The focus can be seen when the focused element matches `:focus-visible` and draws a ring (an
 * outline or a box shadow), or its Mantine input box (the element or, for a password or
 * multi-select field, a wrapper close above it) turns its border to the focus colour. Read once
 * the transitions have ended: Mantine eases the border colour in.
 */
function readFocus(page: Page): Promise<Focus> {
  return page.evaluate(async () => {
    const transitions = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
    const element = document.activeElement;
    if (!element || element === document.body) return { name: 'nothing', problem: 'no focus' };
    const label =
      element.getAttribute('aria-label') ??
      ((element as HTMLInputElement).labels?.[0] ?? element).textContent ??
      '';
    const name = `${element.getAttribute('role') ?? element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
    if (!element.matches(':focus-visible')) return { name, problem: 'not :focus-visible' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    if (outline || style.boxShadow !== 'none') return { name, problem: '' };
    // The canvas writes both colours the same way, whatever notation the styles use.
    const canvas = document.createElement('canvas').getContext('2d')!;
    const normal = (colour: string) => {
      canvas.fillStyle = '#000';
      canvas.fillStyle = colour;
      return canvas.fillStyle;
    };
    const boxes: Element[] = [];
    for (let box: Element | null = element; box && boxes.length < 4; box = box.parentElement) {
      boxes.push(box);
    }
    const focusBorder = boxes.some((box) => {
      const boxStyle = getComputedStyle(box);
      const focusColour = boxStyle.getPropertyValue('--input-bd-focus').trim();
      return (
        focusColour !== '' &&
        parseFloat(boxStyle.borderTopWidth) > 0 &&
        normal(boxStyle.borderTopColor) === normal(focusColour)
      );
    });
    return { name, problem: focusBorder ? '' : 'no focus ring drawn' };
  });
}

/** The focused element shows that it has the focus. */
export async function expectVisibleFocus(page: Page) {
  const focus = await readFocus(page);
  expect(focus.problem, `the focus on ${focus.name} shows`).toBe('');
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus
 * shows; fails naming the stops when `target` is not reached within `most` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, most = 30 } = {}) {
  const stops: string[] = [];
  while (!(await target.evaluate((element) => element === document.activeElement))) {
    if (stops.length === most) {
      throw new Error(`Tab never reached ${target.toString()}; it went ${stops.join(' → ')}`);
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await readFocus(page);
    expect(focus.problem, `the focus on ${focus.name} shows`).toBe('');
    stops.push(focus.name);
  }
}

/** Presses `key` on the focused element once its focus shows. */
export async function press(page: Page, key: string) {
  await expectVisibleFocus(page);
  await page.keyboard.press(key);
}
