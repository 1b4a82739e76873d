import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The module keeps the site's messages: each test starts from a fresh copy. */
let site: typeof import('./site-messages.ts');
beforeEach(async () => {
  vi.resetModules();
  site = await import('./site-messages.ts');
});

const namespacesOf = (messages: object) => new Set(Object.keys(messages).map((id) => id.split('.')[0]));

describe("the site's messages (decision 120)", () => {
  it("start with the shell's namespaces alone, and a screen's are added to the same object", async () => {
    const messages = await site.startSiteMessages('en', ['app', 'nav']);
    expect(namespacesOf(messages)).toEqual(new Set(['app', 'nav']));
    expect(messages).toHaveProperty('nav.accountMenu.login', expect.anything());

    await site.showNamespaces(['bills', 'app']);
    expect(namespacesOf(messages)).toEqual(new Set(['app', 'nav', 'bills']));
    expect(messages).toHaveProperty('bills.recent.title', expect.anything());
  });

  it('come in another language with every namespace shown so far, and later ones in it too', async () => {
    const english = await site.startSiteMessages('en', ['app']);
    await site.showNamespaces(['bills']);
    const hindi = await site.siteMessagesIn('hi');
    expect(namespacesOf(hindi)).toEqual(new Set(['app', 'bills']));
    expect(hindi['bills.recent.title']).not.toEqual(english['bills.recent.title']);

    await site.showNamespaces(['payments']);
    expect(namespacesOf(hindi)).toEqual(new Set(['app', 'bills', 'payments']));
    expect(namespacesOf(english)).toEqual(new Set(['app', 'bills']));
  });

  it('ask again for a namespace that failed to come', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce({ 'app.retry': 'Try again' })
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ 'bills.recent.title': 'Recent Bills' });
    const messages = await site.startSiteMessages('en', ['app'], load);
    await expect(site.showNamespaces(['bills'])).rejects.toThrow('Failed to fetch');
    await site.showNamespaces(['bills']);
    expect(load).toHaveBeenLastCalledWith('en', ['bills']);
    expect(messages).toEqual({ 'app.retry': 'Try again', 'bills.recent.title': 'Recent Bills' });
  });

  it('are every namespace before they are started (a component test)', async () => {
    const messages = await site.siteMessagesIn('ta');
    expect([...namespacesOf(messages)]).toEqual(
      expect.arrayContaining(['app', 'bills', 'home', 'catalogue', 'nav']),
    );
    await expect(site.showNamespaces(['bills'])).resolves.toBeUndefined();
  });
});
