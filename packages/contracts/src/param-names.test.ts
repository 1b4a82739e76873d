import { describe, expect, it } from 'vitest';
import { ownParamName } from './param-names.ts';

describe('ownParamName', () => {
  it("knows a recharge's parameters whatever their case and spaces", () => {
    expect(ownParamName('Mobile Number')).toBe('mobileNumber');
    expect(ownParamName(' circle ')).toBe('circle');
    expect(ownParamName('Id')).toBe('planId');
  });

  it("leaves a biller's own names, and an object's inherited ones, to the biller", () => {
    expect(ownParamName('Consumer Number')).toBeUndefined();
    expect(ownParamName('constructor')).toBeUndefined();
  });
});
