import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_FORM_LIFETIME_MS, postHiddenForm } from './hidden-form-post.ts';

describe('hidden form post', () => {
  let submit: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    submit.mockRestore();
  });

  it('posts exactly the given fields as hidden inputs and removes the form after 100 ms', () => {
    const form = postHiddenForm('https://gateway.example/_payment', { key: 'k1', txnid: 't1', hash: 'h' });

    expect(submit).toHaveBeenCalledOnce();
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://gateway.example/_payment');
    const inputs = [...form.querySelectorAll('input')].map((input) => [input.type, input.name, input.value]);
    expect(inputs).toEqual([
      ['hidden', 'key', 'k1'],
      ['hidden', 'txnid', 't1'],
      ['hidden', 'hash', 'h'],
    ]);
    expect(document.body.contains(form)).toBe(true);

    vi.advanceTimersByTime(HIDDEN_FORM_LIFETIME_MS - 1);
    expect(document.body.contains(form)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(document.body.contains(form)).toBe(false);
  });
});
