/** Small HTML building blocks for the simulated gateways' browser pages. */

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A complete, accessible page in a gateway's colours. */
export function htmlPage(options: { title: string; brand: string; colour: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 24px; color: #111827; }
  main { max-width: 480px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 1px 4px rgba(0,0,0,.1); }
  header { color: ${options.colour}; font-weight: 700; font-size: 20px; margin-bottom: 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; }
  dt { color: #6b7280; } dd { margin: 0; font-weight: 600; }
  fieldset { border: 1px solid #e5e7eb; border-radius: 8px; margin: 16px 0; padding: 12px; }
  label { display: block; margin: 8px 0 4px; }
  input, select { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #9ca3af; border-radius: 6px; }
  button { margin: 6px 6px 0 0; padding: 10px 16px; border: 0; border-radius: 6px; color: #fff; cursor: pointer;
           background: ${options.colour}; font-size: 15px; }
  button.secondary { background: #6b7280; } button.danger { background: #b91c1c; } button.warn { background: #b45309; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .error { color: #b91c1c; }
</style>
</head>
<body>
<main>
<header>${escapeHtml(options.brand)} <small>(sandbox)</small></header>
${options.body}
</main>
</body>
</html>`;
}

const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

/**
 * The page a gateway answers after the payment: it form-posts `fields` to `action` at once (the way
 * real hosted checkouts return the browser), with a button for browsers without script.
 */
export function autoPostPage(options: {
  brand: string;
  colour: string;
  action: string;
  fields: Record<string, string>;
}): string {
  const body = `<p>Returning to the merchant…</p>
<form id="return" method="post" action="${escapeHtml(options.action)}">
${hiddenInputs(options.fields)}
<noscript><button type="submit">Continue</button></noscript>
</form>
<script>document.getElementById('return').submit();</script>`;
  return htmlPage({ title: 'Redirecting…', brand: options.brand, colour: options.colour, body });
}

/** A form of outcome buttons (each posts `outcome=<value>` and the given hidden fields to `action`). */
export function outcomeButtons(options: {
  action: string;
  fields?: Record<string, string>;
  outcomes: { value: string; label: string; style?: 'secondary' | 'danger' | 'warn' }[];
}): string {
  const buttons = options.outcomes
    .map(
      (outcome) =>
        `<button type="submit" name="outcome" value="${escapeHtml(outcome.value)}"${outcome.style ? ` class="${outcome.style}"` : ''}>${escapeHtml(outcome.label)}</button>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(options.action)}">
${hiddenInputs(options.fields ?? {})}
<fieldset><legend>Choose the outcome of this test payment</legend>
${buttons}
</fieldset>
</form>`;
}

/** A definition list of facts (label → value) shown on a pay page. */
export function factList(facts: [string, string][]): string {
  return `<dl>${facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

/** Rupees for display, from paise. */
export function rupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
}
