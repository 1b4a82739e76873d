import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavBar } from './nav-bar.tsx';

function ComplaintScreen() {
  const location = useLocation();
  return <p>tab: {(location.state as { selectedTab?: string } | null)?.selectedTab}</p>;
}

function renderNav() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <NavBar />
          <Outlet />
        </>
      ),
      children: [{ path: 'complaint', element: <ComplaintScreen /> }],
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('NavBar', () => {
  it('lists Home, Services, About, Complaint and Contact', () => {
    renderNav();
    const main = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Services', 'About', 'Complaint', 'Contact']) {
      expect(within(main).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('lets Tab walk past the closed Services menu, opens it with its toggle and closes it on Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    await user.tab(); // the brand link
    await user.tab(); // Home
    await user.tab(); // Services
    const toggle = screen.getByRole('button', { name: 'Services menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Electricity Bill' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Electricity Bill' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Services menu' }));
  });

  it('opens the Complaint menu with its toggle, and each entry opens its tab', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Complaint menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Transaction Queries' }));
    expect(screen.getByText('tab: transaction')).toBeTruthy();
  });

  it('opens a menu on hover', () => {
    renderNav();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Complaint menu' }).closest('li')!);
    expect(screen.getByRole('link', { name: 'Raise Complaint' })).toBeTruthy();
  });

  it('keeps a menu that hovering opened open when its toggle is clicked, and the toggle closes it from the keyboard', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Complaint menu' });
    await user.click(toggle); // the pointer enters the item (hover opens it), then clicks
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Raise Complaint' })).toBeTruthy();
    await user.unhover(toggle.closest('li')!);
    expect(screen.queryByRole('link', { name: 'Raise Complaint' })).toBeNull();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('has a mobile toggle that says whether its menu is open', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeTruthy();
  });
});
