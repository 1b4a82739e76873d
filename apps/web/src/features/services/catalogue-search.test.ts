import { serviceCatalogue } from '@erti/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { findService, otherServices, searchCatalogue } from './catalogue-search.ts';
import { stripItemCount } from './strip-layout.ts';

describe('service catalogue search', () => {
  it('filters by caption, case-insensitively, and drops empty groups', () => {
    const result = searchCatalogue('  BILL ');
    const captions = result.flatMap((category) => category.services.map((service) => service.caption));
    expect(captions).toContain('Electricity Bill');
    expect(captions).toContain('Credit Card Bill');
    expect(captions.every((caption) => caption.toLowerCase().includes('bill'))).toBe(true);
    expect(result.map((category) => category.slug)).not.toContain('recharge');
  });

  it('matches captions, not titles', () => {
    // 'Gas' is the title of Piped Gas; 'piped' appears only in its caption.
    expect(searchCatalogue('piped').flatMap((category) => category.services.map((s) => s.title))).toEqual([
      'Gas',
    ]);
    expect(searchCatalogue('Fastag')[0]?.services.map((s) => s.caption)).toEqual(['FASTag Recharge']);
  });

  it('keeps everything for an empty query and nothing for a query no caption has', () => {
    expect(searchCatalogue('   ')).toEqual(serviceCatalogue);
    expect(searchCatalogue('zzz')).toEqual([]);
  });

  it('finds a service by title and reads more-services as more-service', () => {
    expect(findService('more-services', 'Rental')).toEqual({
      categorySlug: 'more-service',
      service: expect.objectContaining({ title: 'Rental' }),
    });
    expect(findService('utilities', 'Electricity')?.categorySlug).toBe('utilities');
    expect(findService('utilities', 'Teleportation')).toBeUndefined();
    expect(findService('nowhere', 'Electricity')).toBeUndefined();
  });

  it('lists the other services for the strip, never the current one', () => {
    const others = otherServices('Electricity');
    const total = serviceCatalogue.reduce((count, category) => count + category.services.length, 0);
    expect(others).toHaveLength(total - 1);
    expect(others.some((entry) => entry.service.title === 'Electricity')).toBe(false);
  });
});

describe('service strip width', () => {
  it('shows floor((width - 100) / 120) services, at least one', () => {
    expect(stripItemCount(700)).toBe(5);
    expect(stripItemCount(819)).toBe(5);
    expect(stripItemCount(820)).toBe(6);
    expect(stripItemCount(1252)).toBe(9);
    expect(stripItemCount(150)).toBe(1);
    expect(stripItemCount(0)).toBe(1);
  });
});
