import { describe, expect, it } from 'vitest';
import { customerParamProblems, isRefusedValue, paramProblemMessage } from './customer-params.ts';

const param = (
  paramName: string,
  extra: { optional?: 'true' | 'false'; regex?: string; minLength?: number; maxLength?: number } = {},
) => ({
  paramName,
  optional: 'false' as const,
  regex: '',
  ...extra,
});

describe('customer parameters: the bill form rule of web and api', () => {
  const consumer = param('Consumer Number', { regex: '^[0-9]{10}$' });
  const district = param('District', { optional: 'true', minLength: 3, maxLength: 5 });

  it('needs every required parameter but one named id, and refuses values off their regex or lengths', () => {
    const id = param('Id');
    expect(customerParamProblems([consumer, district, id], {})).toEqual({ 'Consumer Number': 'missing' });
    expect(customerParamProblems([consumer, district, id], { 'Consumer Number': ' 1234567890 ' })).toEqual(
      {},
    );
    expect(
      customerParamProblems([consumer, district], { 'Consumer Number': '12345', District: 'AB' }),
    ).toEqual({
      'Consumer Number': 'invalid',
      District: 'invalid',
    });
    expect(isRefusedValue(district, 'ABCDEF')).toBe(true);
    expect(isRefusedValue(district, 'ABCD')).toBe(false);
  });

  it('asks for one of the parameters when all are optional (LPG), under the first', () => {
    const mobile = param('Mobile Number', { optional: 'true' });
    const lpgId = param('LPG ID', { optional: 'true' });
    expect(customerParamProblems([mobile, lpgId], { 'Mobile Number': ' ' })).toEqual({
      'Mobile Number': 'one-of',
    });
    expect(customerParamProblems([mobile, lpgId], { 'LPG ID': '7' })).toEqual({});
    expect(customerParamProblems([], {})).toEqual({});
    expect(paramProblemMessage('one-of', mobile, [mobile, lpgId])).toBe(
      'Please enter Mobile Number or LPG ID',
    );
  });

  it("answers the spec's words letter for letter", () => {
    expect(paramProblemMessage('invalid', consumer, [consumer])).toBe('Invalid Consumer Number');
    expect(paramProblemMessage('missing', consumer, [consumer])).toBe('Please enter Consumer Number');
  });
});
