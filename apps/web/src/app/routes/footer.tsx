import type { RouteHandle } from '../layout/app-layout.tsx';

/** `/footer` shows the footer alone: the layout draws it, this screen hides the header. */
export const handle: RouteHandle = { hideHeader: true };

export function Component() {
  return null;
}
