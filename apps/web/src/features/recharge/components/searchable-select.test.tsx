import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { SearchableSelect } from './searchable-select.tsx';

const names = ['Airtel Prepaid', 'BSNL Prepaid', 'Jio Prepaid', 'Vi Prepaid'];

function OperatorPicker() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <SearchableSelect
        label="Operator"
        options={names}
        value={value}
        optionKey={(name) => name}
        optionLabel={(name) => name}
        onChange={(next) => setValue(next)}
        placeholder="Select your operator"
        maxHeight={150}
        emptyText="No Results Found"
      />
      <p>Somewhere else</p>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Operator' }) as HTMLInputElement;
const isOpen = () => combobox().getAttribute('aria-expanded') === 'true';
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('operator dropdown', () => {
  it('opens on click with a 150px list and closes on an outside click', async () => {
    renderScreen(<OperatorPicker />);
    expect(isOpen()).toBe(false);
    await userEvent.click(combobox());
    expect(isOpen()).toBe(true);
    expect(optionNames()).toEqual(names);
    expect(screen.getByRole('listbox').style.maxHeight).toBe('150px');
    await userEvent.click(screen.getByText('Somewhere else'));
    expect(isOpen()).toBe(false);
  });

  it('opens the list directly below the input, not over the label', async () => {
    renderScreen(<OperatorPicker />);
    await userEvent.click(combobox());
    const list = screen.getByRole('listbox');
    // Hung from the input's own positioned box, after the input, at its bottom edge.
    expect(list.parentElement).toBe(combobox().parentElement);
    expect(combobox().compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(list.parentElement?.className).toContain('relative');
    expect(list.className).toContain('top-full');
    expect(list.className).not.toMatch(/(^|\s)-(top|mt|translate-y)-/);
  });

  it('filters case-insensitively, says when nothing matches, and Escape restores the choice', async () => {
    renderScreen(<OperatorPicker />);
    await userEvent.click(combobox());
    await userEvent.type(combobox(), 'PREPAID');
    expect(optionNames()).toHaveLength(4);
    await userEvent.clear(combobox());
    await userEvent.type(combobox(), 'ji');
    expect(optionNames()).toEqual(['Jio Prepaid']);
    await userEvent.click(screen.getByRole('option', { name: 'Jio Prepaid' }));
    expect(combobox().value).toBe('Jio Prepaid');
    expect(isOpen()).toBe(false);

    await userEvent.type(combobox(), 'zzz');
    expect(screen.getByRole('status').textContent).toBe('No Results Found');
    await userEvent.keyboard('{Escape}');
    expect(isOpen()).toBe(false);
    expect(combobox().value).toBe('Jio Prepaid');
  });

  it('moves with the arrow keys and chooses with Enter', async () => {
    renderScreen(<OperatorPicker />);
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(isOpen()).toBe(true);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = combobox().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Jio Prepaid');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(combobox().value).toBe('BSNL Prepaid');
    await userEvent.click(combobox());
    expect(screen.getByRole('option', { name: 'BSNL Prepaid' }).getAttribute('aria-selected')).toBe('true');
  });
});
