/**
 * `/footer` and `/nav` (the spec's route table) show one part of the site's frame alone: the layout draws
 * the footer or the navigation bar, and the route table hides the other part; the screen itself is empty.
 */
export function Component() {
  return null;
}
