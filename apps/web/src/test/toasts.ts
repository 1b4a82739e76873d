import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until no toast on screen says `text`. A dismissed toast leaves when its exit animation ends,
 * and the test DOM runs no animations: this ends them, as a browser would.
 */
export async function expectToastGone(text: string) {
  await waitFor(() => {
    for (const leaving of document.querySelectorAll('.Toastify__toast[class*="-exit"]')) {
      fireEvent.animationEnd(leaving);
    }
    expect(screen.queryByText(text)).toBeNull();
  });
}
