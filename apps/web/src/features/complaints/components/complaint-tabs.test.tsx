import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { ComplaintTabs } from './complaint-tabs.tsx';

const panels = { raise: <p>raise form</p>, status: <p>status form</p>, transaction: <p>transaction form</p> };

describe('ComplaintTabs', () => {
  it('starts on the tab it is given and shows only that panel', () => {
    renderScreen(<ComplaintTabs initialTab="status" panels={panels} />);
    expect(screen.getByRole('tab', { name: 'Check Complaint Status' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tabpanel', { name: 'Check Complaint Status' }).textContent).toBe('status form');
    expect(screen.getByText('raise form').closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const user = renderScreen(<ComplaintTabs initialTab="raise" panels={panels} />);
    await user.click(screen.getByRole('tab', { name: 'Raise Complaint' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Check Complaint Status' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Transaction Queries' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Raise Complaint' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('transaction form')).toBeTruthy();
  });
});
