import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConnectionNotices } from './connection-notices.tsx';

/** A half-filled form, as a customer would have it when a new version arrives. */
function HalfFilledForm() {
  return (
    <form>
      <label>
        Consumer number
        <input name="consumer" />
      </label>
    </form>
  );
}

describe('"Update available"', () => {
  it('is announced in a live region, offers the update and never applies it by itself', async () => {
    const onUpdate = vi.fn(async () => {});
    const { rerender } = render(
      <>
        <HalfFilledForm />
        <ConnectionNotices />
      </>,
    );
    expect(screen.queryByText(/Update available/)).toBeNull();
    const typing = userEvent.setup();
    const field = screen.getByLabelText('Consumer number');
    await typing.type(field, '1234');

    // The waiting version is found while the customer types.
    rerender(
      <>
        <HalfFilledForm />
        <ConnectionNotices onUpdate={onUpdate} />
      </>,
    );
    const prompt = screen.getByText('Update available.').closest('[role="status"]');
    expect(prompt).not.toBeNull();
    expect(document.activeElement).toBe(field);
    await typing.type(field, '56');
    expect((field as HTMLInputElement).value).toBe('123456');
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('is reached with the keyboard, and updates when the customer presses Update now', async () => {
    const onUpdate = vi.fn(() => new Promise<void>(() => {}));
    render(
      <>
        <HalfFilledForm />
        <ConnectionNotices onUpdate={onUpdate} />
      </>,
    );
    const keys = userEvent.setup();
    await keys.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Consumer number'));
    await keys.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update now' }));
    await keys.keyboard('{Enter}');
    expect(onUpdate).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Updating…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
  });

  it('goes away on Later, leaving the waiting version for the next visit', async () => {
    const onUpdate = vi.fn(async () => {});
    render(<ConnectionNotices onUpdate={onUpdate} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByText('Update available.')).toBeNull());
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
