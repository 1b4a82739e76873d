import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../../lib/i18n/language-provider.tsx';
import { FieldError } from './form-field.tsx';

describe('FieldError', () => {
  it("shows a spec string (a schema's message) in the site's language, other text as given", async () => {
    const hindi = await loadMessages('hi');
    render(
      <LanguageProvider language="hi" messages={hindi}>
        <FieldError message="Please enter a valid Email ID" />
        <FieldError message="Something the server said" />
      </LanguageProvider>,
    );
    expect(screen.getByText('कृपया सही ईमेल ID डालें')).toBeTruthy();
    expect(screen.getByText('Something the server said')).toBeTruthy();
  });

  it('shows the spec string letter for letter in English', () => {
    render(<FieldError message="Please enter a valid Email ID" />);
    expect(screen.getByText('Please enter a valid Email ID')).toBeTruthy();
  });
});
