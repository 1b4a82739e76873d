import { fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/toast.ts';
import { Providers } from './providers.tsx';

describe('Providers', () => {
  // In StrictMode, as main.tsx renders the app: React's development mode then mounts the container
  // twice, which must not lose the toast that caused it.
  it('mounts the toast container with the first toast, and shows that toast', async () => {
    render(
      <StrictMode>
        <Providers>
          <button type="button" onClick={() => toast.success('Saved')}>
            Save
          </button>
        </Providers>
      </StrictMode>,
    );
    expect(document.querySelector('.Toastify')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Saved');
    expect(document.querySelector('.Toastify')).not.toBeNull();
  });
});
