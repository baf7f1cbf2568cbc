import { useEffect, useRef } from 'react';

/**
 * A ref whose element (a heading with tabIndex -1) takes the focus when it mounts: the view that
 * replaced a loader is announced and keyboard users start from it, not from the page's body.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
