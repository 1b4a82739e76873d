import { describe, expect, it } from 'vitest';
import { activePromotions, isWithin } from './promotions.ts';

const festivalBanner = { from: '2025-08-26T17:30:00+05:30', to: '2025-08-28T17:00:00+05:30' };
const promotions = {
  festivalBanner,
  promoVideo: { from: '2025-03-13T00:00:00+05:30', to: '2025-03-15T14:00:00+05:30' },
  festivalImage: { from: '2025-01-13T00:00:00+05:30', to: '2025-01-16T14:00:00+05:30' },
};

describe('isWithin', () => {
  it('includes the first instant and excludes the last', () => {
    expect(isWithin(festivalBanner, new Date('2025-08-26T12:00:00Z'))).toBe(true); // 17:30 IST
    expect(isWithin(festivalBanner, new Date('2025-08-26T11:59:59Z'))).toBe(false);
    expect(isWithin(festivalBanner, new Date('2025-08-28T11:29:59Z'))).toBe(true);
    expect(isWithin(festivalBanner, new Date('2025-08-28T11:30:00Z'))).toBe(false); // 17:00 IST
  });

  it('is false for a window it cannot read', () => {
    expect(isWithin({ from: 'soon', to: 'later' }, new Date())).toBe(false);
  });
});

describe('activePromotions', () => {
  it('shows each promotion only inside its own window', () => {
    expect(activePromotions(promotions, new Date('2025-03-14T10:00:00+05:30'))).toEqual({
      festivalBanner: false,
      promoVideo: true,
      festivalImage: false,
    });
    expect(activePromotions(promotions, new Date('2025-01-14T10:00:00+05:30'))).toEqual({
      festivalBanner: false,
      promoVideo: false,
      festivalImage: true,
    });
  });

  it('shows none before the site configuration has loaded', () => {
    expect(activePromotions(undefined, new Date('2025-08-27T10:00:00+05:30'))).toEqual({
      festivalBanner: false,
      promoVideo: false,
      festivalImage: false,
    });
  });
});
