import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenLanguage, deviceLanguage, rememberLanguage } from './device-language.ts';

function browserPrefers(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the device language', () => {
  it("follows the browser's preferences on a first visit and tells the api through the cookie", () => {
    browserPrefers(['fr-FR', 'ta-IN', 'en']);
    expect(deviceLanguage()).toBe('ta');
    expect(document.cookie).toContain('erti_lang=ta');
    // Detected, not chosen: a profile's language may still win after login.
    expect(chosenLanguage()).toBeUndefined();
  });

  it('opens in English when the browser prefers nothing the site speaks', () => {
    browserPrefers(['fr-FR', 'de']);
    expect(deviceLanguage()).toBe('en');
  });

  it("keeps the customer's choice over the browser's preferences", () => {
    browserPrefers(['hi-IN']);
    rememberLanguage('ta');
    expect(chosenLanguage()).toBe('ta');
    expect(deviceLanguage()).toBe('ta');
  });
});
