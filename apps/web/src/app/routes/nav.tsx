/** `/nav` shows the navigation bar alone: the layout draws it, and the route table hides the footer. */
export function Component() {
  return null;
}
