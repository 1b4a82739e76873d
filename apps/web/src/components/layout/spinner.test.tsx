import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('announces its label as a status on its own', () => {
    render(<Spinner label="Loading billers" />);
    expect(screen.getByRole('status', { name: 'Loading billers' }).textContent).toBe('Loading billers');
  });

  it('adds nothing to the name of the button it sits in when decorative', () => {
    render(
      <button type="button" aria-busy>
        <Spinner decorative />
        Deleting...
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
