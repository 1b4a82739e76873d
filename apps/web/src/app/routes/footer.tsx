/** `/footer` shows the footer alone: the layout draws it, and the route table hides the header. */
export function Component() {
  return null;
}
