import type { FileChooser, Locator } from 'playwright-core';

/** What a file chooser takes: a path, or a name, a type and the bytes (or several of either). */
type ChosenFile = Parameters<FileChooser['setFiles']>[0];

/**
 * How a journey works the page. The mouse and the keyboard do the same things, so a shared flow takes
 * `Hands` and runs either way; the keyboard uses only Tab, Shift+Tab, Enter, Space, the arrow keys and
 * typing, as a person without a mouse (or with a switch or screen reader) does.
 */
export interface Hands {
  /** Replaces a field's text with `text` (a date field takes an ISO date, 2025-03-15). */
  fill(field: Locator, text: string): Promise<void>;
  /** Presses a button or follows a link. */
  activate(control: Locator): Promise<void>;
  /**
   * Chooses an item of a menu, a tab list or a grid's row (a composite that Tab enters once and
   * whose items take the focus by arrow keys).
   */
  chooseItem(item: Locator): Promise<void>;
  /** Chooses the option labelled `label` in a native select. */
  selectOption(select: Locator, label: string): Promise<void>;
  /** Ticks a checkbox, or chooses a radio button of its group. */
  check(box: Locator): Promise<void>;
  /** Types `search` into a combobox and chooses the option named `option` from its list. */
  pickFromList(combobox: Locator, search: string, option: string): Promise<void>;
  /** Activates an upload control and gives the file chooser it opens `file`. */
  chooseFile(control: Locator, file: ChosenFile): Promise<void>;
}

/** The browser's own file chooser answers `file` once `activate` has opened it. */
async function chooseFileWith(
  activate: (control: Locator) => Promise<void>,
  control: Locator,
  file: ChosenFile,
): Promise<void> {
  const chooser = control.page().waitForEvent('filechooser');
  await activate(control);
  await (await chooser).setFiles(file);
}

export const mouse: Hands = {
  fill: (field, text) => field.fill(text),
  activate: (control) => control.click(),
  chooseItem: (item) => item.click(),
  selectOption: async (select, label) => {
    await select.selectOption({ label });
  },
  check: (box) => box.check(),
  async pickFromList(combobox, search, option) {
    await combobox.click();
    await combobox.fill(search);
    await combobox.page().getByRole('option', { name: option, exact: true }).click();
  },
  chooseFile: (control, file) => chooseFileWith(mouse.activate, control, file),
};

/**
 * 'reached' when the focus is where Tab should stop for `target`: on it, or (`group`) anywhere in
 * the composite widget or radio group it belongs to, which Tab enters as one stop. Otherwise whether
 * the focus lies 'before' or 'after' it in the page.
 */
type FocusPlace = 'reached' | 'before' | 'after';

function focusPlace(target: Locator, group: boolean): Promise<FocusPlace> {
  return target.evaluate((element, group) => {
    const focus = document.activeElement;
    const composite = element.closest('[role="menu"], [role="menubar"], [role="tablist"], [role="grid"]');
    const radioGroup = element instanceof HTMLInputElement && element.type === 'radio' ? element.name : null;
    if (focus === element) return 'reached';
    if (group && composite?.contains(focus)) return 'reached';
    if (group && radioGroup && focus instanceof HTMLInputElement && focus.name === radioGroup)
      return 'reached';
    if (!focus || focus === document.body) return 'before';
    return element.compareDocumentPosition(focus) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
  }, group);
}

/**
 * From the top of a page (nothing focused yet), a keyboard user bound for the main content takes the
 * 'Skip to content' link rather than walking the navigation bar and its menus.
 */
async function skipToContent(target: Locator): Promise<void> {
  const page = target.page();
  const fromTop = await target.evaluate(
    (element) =>
      (!document.activeElement || document.activeElement === document.body) &&
      Boolean(element.closest('main')),
  );
  if (!fromTop) return;
  await page.keyboard.press('Tab');
  const onSkipLink = await page.evaluate(() => document.activeElement?.textContent === 'Skip to content');
  if (onSkipLink) await page.keyboard.press('Enter');
}

async function tabToPlace(target: Locator, group: boolean, maxPresses: number): Promise<void> {
  const page = target.page();
  await skipToContent(target);
  // Shift+Tab when the target lies above the focus, so long pages need not be walked round.
  const start = await focusPlace(target, group);
  if (start === 'reached') return;
  const key = start === 'after' ? 'Shift+Tab' : 'Tab';
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press(key);
    if ((await focusPlace(target, group)) === 'reached') return;
  }
  throw new Error(`Could not reach ${target} with the ${key} key in ${maxPresses} presses`);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: keyboard-only navigation that survives layout changes. */
export const tabTo = (target: Locator, maxPresses = 150) => tabToPlace(target, false, maxPresses);

/** Presses `key` until `target` has the focus (arrow keys inside a menu, tab list or radio group). */
async function arrowTo(target: Locator, key: string, maxPresses = 30): Promise<void> {
  for (let press = 0; press < maxPresses; press++) {
    if ((await focusPlace(target, false)) === 'reached') return;
    await target.page().keyboard.press(key);
  }
  throw new Error(`Could not reach ${target} with the ${key} key`);
}

/**
 * The arrow key that moves the focus along `item`'s composite towards it: tab lists and menu bars
 * lie across, menus and grids down (a grid does not wrap round, so the key depends on the side).
 */
async function arrowKeyTowards(item: Locator): Promise<string> {
  const across = await item.evaluate((element) =>
    Boolean(element.closest('[role="tablist"], [role="menubar"]')),
  );
  const back = (await focusPlace(item, false)) === 'after';
  if (across) return back ? 'ArrowLeft' : 'ArrowRight';
  return back ? 'ArrowUp' : 'ArrowDown';
}

/**
 * Types an ISO date into a date field the way its segments ask (month, day, year in en-US), from
 * the first segment: Shift+Tab out of the field and Tab back in, as arriving by Shift+Tab lands on
 * the last one. Typing a segment replaces it, so nothing needs clearing first.
 */
async function typeDate(field: Locator, isoDate: string): Promise<void> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`${field} takes an ISO date, not ${isoDate}`);
  const page = field.page();
  for (let press = 0; press < 6 && (await focusPlace(field, false)) === 'reached'; press++) {
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('Tab');
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat(navigator.language).formatToParts(new Date(2000, 0, 2)).map((part) => part.type),
  );
  const digits: Partial<Record<string, string>> = { year, month, day };
  await page.keyboard.type(order.map((part) => digits[part] ?? '').join(''));
}

const isDateField = (field: Locator) =>
  field.evaluate((element) => element instanceof HTMLInputElement && element.type === 'date');

export const keyboard: Hands = {
  async fill(field, text) {
    await tabTo(field);
    if (await isDateField(field)) return typeDate(field, text);
    const keys = field.page().keyboard;
    await keys.press('ControlOrMeta+A');
    if (text) await keys.type(text);
    else await keys.press('Delete');
  },
  async activate(control) {
    await tabTo(control);
    await control.page().keyboard.press('Enter');
  },
  async chooseItem(item) {
    await tabToPlace(item, true, 150);
    await arrowTo(item, await arrowKeyTowards(item));
    await item.page().keyboard.press('Enter');
  },
  async selectOption(select, label) {
    await tabTo(select);
    const wanted = await select.evaluate(
      (element: HTMLSelectElement, label) =>
        Array.from(element.options).findIndex((option) => option.label === label),
      label,
    );
    if (wanted < 0) throw new Error(`${select} has no option ${label}`);
    // Typing a closed select's option text chooses it (one change, not one per option passed);
    // the arrow keys settle it when another option's text begins the same way.
    await select.page().keyboard.type(label);
    for (let press = 0; press < 20; press++) {
      const current = await select.evaluate((element: HTMLSelectElement) => element.selectedIndex);
      if (current === wanted) return;
      await select.page().keyboard.press(current < wanted ? 'ArrowDown' : 'ArrowUp');
    }
    throw new Error(`Could not choose ${label} in ${select} with the arrow keys`);
  },
  async check(box) {
    await tabToPlace(box, true, 150);
    await arrowTo(box, 'ArrowDown');
    if (!(await box.isChecked())) await box.page().keyboard.press('Space');
  },
  async pickFromList(combobox, search, option) {
    await keyboard.fill(combobox, search);
    const wanted = combobox.page().getByRole('option', { name: option, exact: true });
    const wantedId = await wanted.getAttribute('id');
    for (let press = 0; press < 50; press++) {
      if ((await combobox.getAttribute('aria-activedescendant')) === wantedId) {
        await combobox.page().keyboard.press('Enter');
        return;
      }
      await combobox.page().keyboard.press('ArrowDown');
    }
    throw new Error(`Could not reach ${option} in ${combobox} with the arrow keys`);
  },
  chooseFile: (control, file) => chooseFileWith(keyboard.activate, control, file),
};
