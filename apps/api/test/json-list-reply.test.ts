import { describe, expect, it } from 'vitest';
import { codingFor } from '../src/modules/catalogue/json-list-reply.ts';

describe('the coding of a cached list, from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br ; q=0, gzip', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, identity', undefined],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('%j takes %s', (acceptEncoding, coding) => {
    expect(codingFor(acceptEncoding)).toBe(coding);
  });
});
