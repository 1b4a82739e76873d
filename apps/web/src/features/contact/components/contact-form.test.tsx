import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';
import { ContactForm } from './contact-form.tsx';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

const complete = {
  Name: 'Asha Raman',
  Email: 'asha@example.com',
  Subject: 'Refund',
  Phone: '9876543210',
  Message: 'Where is my refund?',
};

afterEach(() => vi.restoreAllMocks());

describe('ContactForm', () => {
  it("says 'Please fill in all fields!' once and marks the blank fields", async () => {
    const user = renderForm();
    await fill(user, { Name: 'Asha' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText('Please fill in all fields!')).toHaveLength(1);
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false');
  });

  it('checks the e-mail and the phone with the spec messages', async () => {
    const user = renderForm();
    await fill(user, { ...complete, Email: 'asha@example', Phone: '98765' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Invalid email !')).toBeTruthy();
    expect(screen.getByText('Invalid Phone Number !')).toBeTruthy();
  });

  it('keeps digits only in the phone, at most 10', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Phone'), '98a76-54 32109');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('9876543210');
  });

  it('keeps the whole number when one with spaces or +91 is pasted', async () => {
    const user = renderForm();
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    expect(phone.maxLength).toBe(10);
    await user.click(phone);
    await user.paste('98765 43210');
    expect(phone.value).toBe('9876543210');
    await user.clear(phone);
    await user.paste('+919876543210');
    expect(phone.value).toBe('9876543210');
  });

  it('sends the message and says so', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ message: 'Message sent successfully!' }));
    const user = renderForm();
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Asha Raman',
      email: 'asha@example.com',
      phone: '9876543210',
      subject: 'Refund',
      message: 'Where is my refund?',
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the spec failure message when sending fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ message: 'Failed to send the message. Please try again.' }, { status: 502 }),
    );
    const user = renderForm();
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send the message. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Raman');
  });
});
