import { describe, expect, it } from 'vitest';
import { phonepeCallbackAuthorization } from './phonepe.ts';

// Known-answer vectors from ../shared/reference/protocols.md (official SDK tests where marked).
describe('PhonePe callback authorization', () => {
  it('KAT-PP1 (official)', () => {
    expect(phonepeCallbackAuthorization('username', 'password')).toBe(
      'bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e',
    );
  });
});
