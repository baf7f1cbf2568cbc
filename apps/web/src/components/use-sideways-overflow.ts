import { useCallback, useState } from 'react';

/**
 * Whether an element's content is wider than the element, so it scrolls sideways (a table on a
 * phone). A region that scrolls must be reachable by keyboard (WCAG 2.1.1): the caller makes it
 * focusable then, and only then, so a table that fits adds no stop to the Tab order.
 */
export function useSidewaysOverflow<T extends HTMLElement>() {
  const [overflowing, setOverflowing] = useState(false);
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    const update = () => setOverflowing(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(update);
    observer.observe(element);
    // The content grows when rows arrive without the element changing size.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}
