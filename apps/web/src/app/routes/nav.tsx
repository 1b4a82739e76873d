import type { RouteHandle } from '../layout/app-layout.tsx';

/** `/nav` shows the navigation bar alone: the layout draws it, this screen hides the footer. */
export const handle: RouteHandle = { hideFooter: true };

export function Component() {
  return null;
}
