import { describe, expect, it } from 'vitest';
import {
  paiseToPayuAmount,
  payuAmountToPaise,
  payuCommandHash,
  payuRequestHash,
  payuResponseHash,
} from './payu.ts';

// Known-answer vectors from ../shared/reference/protocols.md (official SDK tests where marked).
const payuBase = {
  key: 'bjg$121',
  txnid: '3123',
  amount: '1000',
  productinfo: 'mobile',
  firstname: 'Jacob',
  email: 'test@payu.in',
};
const payuUdf = {
  key: 'bjg$121',
  txnid: 'TXN1001',
  amount: '499.00',
  productinfo: 'Electricity Bill',
  firstname: 'Asha',
  email: 'asha@example.com',
  udf1: 'u1',
  udf2: 'u2',
  udf3: 'u3',
  udf4: 'u4',
  udf5: 'u5',
};

describe('PayU hashes', () => {
  it('KAT-PU1 request hash (official)', () => {
    expect(payuRequestHash(payuBase, 'vhgvs75')).toBe(
      '19d0822939b32b371847521c89aba3521de3a9bfeabeee5dab2d6f41962ff9fcdcee87067bb3a3de870acce488f9ff88a3511bb78c6143344a277b1b91ad38b8',
    );
  });
  it('KAT-PU2 request hash with udfs', () => {
    expect(payuRequestHash(payuUdf, 'vhgvs75')).toBe(
      '528325212db164d1be6228743edd069a0eca519a45e2c165a8b595d6d439884e21abb291444062c377ce86ebf220bef4ba616a89a81b34a3e4700d4d1863ae04',
    );
  });
  it('KAT-PU3 reverse hash (official)', () => {
    expect(payuResponseHash({ ...payuBase, status: 'success' }, 'vhgvs75')).toBe(
      '687c82156a84271a7a6c63d0e8774d5ac567d9b894a334a47d72e47b72392a5167a1b2add5b253490b70731d9eb3e3a3b7225e0c5f26829befafbbee71977c4c',
    );
  });
  it('KAT-PU4 reverse hash with udfs, and with additional charges', () => {
    expect(payuResponseHash({ ...payuUdf, status: 'success' }, 'vhgvs75')).toBe(
      'c94ebdaea25928daa1245ea782249fe3c69023c31ba7d9d3cb7ee1f6ec62a63605153d7a997947fa7160fc4f6bfe869e005fb79fe3e1ed5e0860b062fdefe8f4',
    );
    expect(payuResponseHash({ ...payuUdf, status: 'success', additionalCharges: '10.00' }, 'vhgvs75')).toBe(
      'ee608bcc2bb2353e5709156d6d6cd0bdaf00ae605d497f9829a1fdffb7ee9e5ba7be9c741e11ea7c20fa1197df749e1b108a8c34a048b86ceda9caf7f27ddeb8',
    );
  });
  it('postservice command hashes', () => {
    expect(payuCommandHash('bjg$121', 'verify_payment', '3123', 'vhgvs75')).toBe(
      'fd13e1a56cc6f5742edb8a78561ef4c2bc6aeb98b4591526772a81824657a87248a97bdd5517afa24a5be7f05b016e7e5867a1524c084e82de5c1594dd9c1bad',
    );
    expect(payuCommandHash('bjg$121', 'cancel_refund_transaction', '403993715521889530', 'vhgvs75')).toBe(
      '0975a249fa477700f5e2c81ed9adcfc23d088cde0f8ac9c3935d21ab2d23568596a592ef7c5b1325e9dd05963f95da9684d1a2346e5d9e2422631f45f14f97e2',
    );
    expect(payuCommandHash('bjg$121', 'check_action_status', '131278418', 'vhgvs75')).toBe(
      '1a24db1bae1eb8f62c83e964198dbb05a38add466e9aee08548f780f8db4d994d6b37c57e5661f60c7bbbda2e4e767b8a15644482e385a5da8b4961d9944217d',
    );
  });
  it('converts amounts between paise and PayU strings exactly', () => {
    expect(paiseToPayuAmount(49_905)).toBe('499.05');
    expect(paiseToPayuAmount(100)).toBe('1.00');
    expect(payuAmountToPaise('499.05')).toBe(49_905);
    expect(payuAmountToPaise('499.5')).toBe(49_950);
    expect(payuAmountToPaise('10')).toBe(1000);
    expect(payuAmountToPaise('1e3')).toBeUndefined();
    expect(payuAmountToPaise('100.000')).toBe(10_000);
    expect(payuAmountToPaise(499.5)).toBe(49_950);
    expect(payuAmountToPaise('100.005')).toBeUndefined();
    expect(payuAmountToPaise('-5.00')).toBeUndefined();
    expect(payuAmountToPaise('1000000000.00')).toBeUndefined();
  });
  it('refuses to write a PayU amount from anything but whole paise', () => {
    for (const paise of [0.5, 100.000_001, Number.NaN, 2 ** 53]) {
      expect(() => paiseToPayuAmount(paise)).toThrow(RangeError);
    }
  });
});
