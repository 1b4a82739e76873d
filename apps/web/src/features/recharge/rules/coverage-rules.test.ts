import { describe, expect, it } from 'vitest';
import { distinctAreas } from './coverage-rules.ts';

describe('coverage areas', () => {
  it('shows duplicate spellings once, without blanks, sorted', () => {
    expect(
      distinctAreas(['Pune', 'Mumbai', ' mumbai', 'North 24  Parganas', 'north 24 parganas', '']),
    ).toEqual(['Mumbai', 'North 24 Parganas', 'Pune']);
  });
});
