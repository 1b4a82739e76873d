/** How long the temporary form stays in the page after submitting (spec section 7). */
export const HIDDEN_FORM_LIFETIME_MS = 100;

/**
 * Hands the browser to a hosted checkout: builds a hidden `<form method="post">` with exactly
 * `fields` as hidden inputs, submits it, and removes it 100 ms later. Returns the form (for tests).
 */
export function postHiddenForm(action: string, fields: Record<string, string>): HTMLFormElement {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  setTimeout(() => form.remove(), HIDDEN_FORM_LIFETIME_MS);
  return form;
}
