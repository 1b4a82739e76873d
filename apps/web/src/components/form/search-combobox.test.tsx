import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ComboboxOption, SearchCombobox } from './search-combobox.tsx';

const options: ComboboxOption[] = [
  { id: 'a', label: 'Adani Electricity Mumbai Limited', detail: 'Electricity Bill' },
  { id: 'b', label: 'Adani Total Gas - Gujarat', detail: 'Piped Gas' },
  { id: 'c', label: 'Adani Total Gas - Haryana', detail: 'Piped Gas' },
];

function Harness({ onChoose }: { onChoose: (option: ComboboxOption) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchCombobox
      label="Search for a service or a biller"
      placeholder="Search for a service..."
      value={value}
      onChange={setValue}
      options={value ? options : []}
      onChoose={onChoose}
    />
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search for a service or a biller' });
const active = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('SearchCombobox', () => {
  it('follows the WAI-ARIA combobox pattern: a list box it controls, opened by typing', async () => {
    render(<Harness onChoose={vi.fn()} />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(box().getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    await userEvent.type(box(), 'adani');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Adani Electricity Mumbai LimitedElectricity Bill',
      'Adani Total Gas - GujaratPiped Gas',
      'Adani Total Gas - HaryanaPiped Gas',
    ]);
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('moves through the choices with the arrow keys, wrapping, the focus staying in the box', async () => {
    render(<Harness onChoose={vi.fn()} />);
    await userEvent.type(box(), 'adani');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('Adani Electricity Mumbai LimitedElectricity Bill');
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Adani Total Gas - HaryanaPiped Gas');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('Adani Electricity Mumbai LimitedElectricity Bill');
    await userEvent.keyboard('{ArrowUp}');
    expect(active()).toBe('Adani Total Gas - HaryanaPiped Gas');
    expect(document.activeElement).toBe(box());
  });

  it('takes the highlighted choice with Enter, and nothing without one', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} />);
    await userEvent.type(box(), 'adani');
    await userEvent.keyboard('{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(options[1]);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the list with Escape, then clears the box with a second Escape', async () => {
    render(<Harness onChoose={vi.fn()} />);
    await userEvent.type(box(), 'adani');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    expect((box() as HTMLInputElement).value).toBe('adani');
    await userEvent.keyboard('{ArrowDown}');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}{Escape}');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('takes a choice clicked with the mouse', async () => {
    const onChoose = vi.fn();
    render(<Harness onChoose={onChoose} />);
    await userEvent.type(box(), 'gas');
    await userEvent.click(screen.getByRole('option', { name: /Haryana/ }));
    expect(onChoose).toHaveBeenCalledWith(options[2]);
  });
});
