import { useMatches } from 'react-router';

/** What a route tells the frame about itself. */
export interface RouteHandle {
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Title of the deepest matched route that declares one. */
export function useRouteTitle(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return '';
}

export function documentTitle(title: string): string {
  return title ? `${title} · Resonant` : 'Resonant';
}
