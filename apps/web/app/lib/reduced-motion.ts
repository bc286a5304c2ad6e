import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia(QUERY).matches;

/**
 * Whether the member's system asks for reduced motion (false on the server), kept current when it
 * changes. For what never shows in the server's HTML only, such as how a popup opens: the browser
 * answers its own value while it hydrates too, so a popup that mounts then already has it.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, prefersReducedMotion);
}
