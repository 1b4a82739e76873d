import { SITE_CONFIG_ELEMENT_ID, SITE_FACTS } from '@erti/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InEnglish } from '../test/intl.tsx';

/**
 * Decision 119: a prerendered page's texts from the site configuration are drawn on its first render
 * from the configuration the api wrote into the page, so hydration finds what the HTML has.
 */
const site = {
  ...SITE_FACTS,
  supportEmail: 'care@ertipay.example',
  logoBaseUrl: '/logos',
  testPayments: false,
};

/** The page as the api serves it: the configuration as JSON after the root. */
function pageWithSiteConfig(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SITE_CONFIG_ELEMENT_ID;
  element.textContent = json;
  document.body.append(element);
}

/** The first render alone, as React hydrates it: no effect has run. */
async function firstRender(tree: ReactNode): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToString(
    <InEnglish>
      <QueryClientProvider client={client}>
        <MemoryRouter>{tree}</MemoryRouter>
      </QueryClientProvider>
    </InEnglish>,
  );
}

beforeEach(() => {
  vi.resetModules(); // the page's configuration is read once per page load
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(site));
});
afterEach(() => {
  document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
  vi.restoreAllMocks();
});

describe('the site configuration the page came with', () => {
  it('draws the footer and the contact details from it on the first render, without asking the api', async () => {
    pageWithSiteConfig(JSON.stringify(site));
    const { Footer } = await import('./layout/footer.tsx');
    const { ContactDetails } = await import('../features/contact/components/contact-details.tsx');
    const html = await firstRender(
      <>
        <ContactDetails />
        <Footer />
      </>,
    );
    expect(html).toContain('href="mailto:care@ertipay.example"');
    expect(html).toContain(SITE_FACTS.registeredAddress);
    expect(html).toContain(SITE_FACTS.taxRegistrationNumber);
    expect(html).toContain(`href="${SITE_FACTS.socialLinks[0]?.url}"`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on a page without one (the app shell, or one no api wrote into), fetches it after the first render', async () => {
    pageWithSiteConfig('\uE002json\uE003');
    const { Footer } = await import('./layout/footer.tsx');
    expect(await firstRender(<Footer />)).not.toContain(SITE_FACTS.taxRegistrationNumber);
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(await screen.findByText(SITE_FACTS.taxRegistrationNumber)).toBeTruthy();
    expect(fetch).toHaveBeenCalled();
  });
});
