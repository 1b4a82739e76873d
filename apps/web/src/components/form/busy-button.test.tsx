import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BusyButton } from './busy-button.tsx';

describe('BusyButton', () => {
  it('is disabled and marked busy, with a spinner that adds nothing to its name, while busy', () => {
    const { container } = render(
      <BusyButton type="submit" busy>
        Save
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('type')).toBe('submit');
    expect(container.querySelector('.animate-spin')).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is enabled, with no spinner, when not busy', () => {
    const { container } = render(<BusyButton busy={false}>Save</BusyButton>);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(button.getAttribute('type')).toBe('button');
    expect(container.querySelector('.animate-spin')).toBeNull();
  });

  it('stays disabled when its caller disables it, busy or not', () => {
    render(
      <BusyButton busy={false} disabled>
        Save
      </BusyButton>,
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
