/**
 * What a customer did on a prerendered page before React had it, as its head script kept it
 * (`PRERENDERED_PAGE_SCRIPT`, decision 118): each field's last typed value, and the last press.
 */
interface EarlyInput {
  typed: Map<Element, string>;
  press: Element | null;
}

declare global {
  interface Window {
    ertiEarly?: EarlyInput;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/**
 * Types `value` into `field` again so its own `onChange` takes it, as if typed now. Hydration left
 * the text in the DOM but not in the form's state, and React's copy of the value already matches
 * the DOM, so a plain `input` event would be ignored: the value is first set through React's own
 * setter (React then believes it is something else), then through the element's, unseen by React.
 */
function typeAgain(field: Field, value: string): void {
  const elementSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  field.value = `${value}\u0000`;
  elementSetter?.call(field, value);
  const select = field instanceof HTMLSelectElement;
  field.dispatchEvent(new Event(select ? 'change' : 'input', { bubbles: true }));
}

/** A press kept from before the page was live, made again: a form's submission or a click. */
function pressAgain(press: Element): void {
  if (press instanceof HTMLFormElement) press.requestSubmit();
  else if (press instanceof HTMLElement) press.click();
}

/**
 * Once React has the page (main.tsx, right after `<html data-live>`): the text typed before then is
 * typed again into the fields still on the page, then, once React has drawn what that typing
 * changed, the last press is made again, so it acts on what was typed. Nothing is kept a second time.
 */
export function replayEarlyInput(): void {
  const early = window.ertiEarly;
  if (!early) return;
  window.ertiEarly = undefined;
  // A field focused before then has the focus still, unseen by React: its focus handlers hear of it.
  document.activeElement?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  for (const [field, value] of early.typed) if (field.isConnected && isField(field)) typeAgain(field, value);
  const { press } = early;
  if (press?.isConnected) setTimeout(() => pressAgain(press));
}
