import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServicesDirectory } from './services-directory.tsx';

const renderDirectory = () =>
  render(
    <MemoryRouter>
      <ServicesDirectory />
    </MemoryRouter>,
  );

describe('ServicesDirectory', () => {
  it('shows the four groups with tiles linking to /services/{slug}/{title}', () => {
    renderDirectory();
    for (const group of ['Recharge', 'Utilities', 'Finance & Tax', 'More Services']) {
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: /Electricity Bill/ }).getAttribute('href')).toBe(
      '/services/utilities/Electricity',
    );
    expect(screen.getByRole('link', { name: /Housing Society/ }).getAttribute('href')).toBe(
      '/services/more-service/Housing%20Society',
    );
  });

  it('filters tiles by caption as the user types and hides groups left empty', async () => {
    renderDirectory();
    await userEvent.type(screen.getByPlaceholderText('Search for a service...'), 'insurance');
    const finance = screen.getByRole('region', { name: 'Finance & Tax' });
    expect(
      within(finance)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Life Insurance', 'Health Insurance', 'Insurance']);
    expect(screen.queryByRole('heading', { name: 'Recharge' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Utilities' })).toBeNull();
  });

  it('says No Results Found when nothing matches', async () => {
    renderDirectory();
    await userEvent.type(screen.getByPlaceholderText('Search for a service...'), 'spaceship');
    expect(screen.getByText('No Results Found')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
