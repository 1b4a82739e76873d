import { describe, expect, it } from 'vitest';
import {
  BbpsEnvelopeError,
  bbpsEnvelopeCiphertext,
  decryptBbpsEnvelope,
  encryptBbpsEnvelope,
} from './index.ts';

// Known-answer vectors from ../shared/reference/protocols.md.
describe('Bharat Connect request envelope (Axis/TransXT)', () => {
  const fetchStart = '{"chId":1,"isRealTimeFetch":true}';
  const fetchStartSealed = 'e5kryo2/kTGITD0C+Yhn6nNLDN8+pGmc6v50SEEp1DalaXFbnWG3YcwqZXUATWPx';
  const agentIdSealed = 'aNnWXUwmBjN1N2YF8RhDj/QRawKNkxJoojXsJ160IHI=';

  it('KAT: encrypts as the reference computes', () => {
    expect(encryptBbpsEnvelope('test-secret-key', fetchStart)).toBe(fetchStartSealed);
    expect(encryptBbpsEnvelope('test-secret-key', 'AM01YKS067INTU000001')).toBe(agentIdSealed);
  });

  it('KAT: decrypts the reference ciphertexts', () => {
    expect(decryptBbpsEnvelope('test-secret-key', fetchStartSealed)).toBe(fetchStart);
    expect(decryptBbpsEnvelope('test-secret-key', agentIdSealed)).toBe('AM01YKS067INTU000001');
  });

  it('round-trips any UTF-8 request', () => {
    const request = JSON.stringify({
      billDetails: { customerParams: [{ name: 'Name', value: 'Aśha ₹ 1,000' }] },
    });
    expect(
      decryptBbpsEnvelope('erti_bbps_test_secret', encryptBbpsEnvelope('erti_bbps_test_secret', request)),
    ).toBe(request);
  });

  it('fails clearly under the wrong secret or for text that is not ciphertext', () => {
    expect(() => decryptBbpsEnvelope('another-secret', fetchStartSealed)).toThrow(BbpsEnvelopeError);
    expect(() => decryptBbpsEnvelope('another-secret', agentIdSealed)).toThrow(/wrong secret/);
    expect(() => decryptBbpsEnvelope('test-secret-key', fetchStart)).toThrow(BbpsEnvelopeError);
    expect(() => decryptBbpsEnvelope('test-secret-key', '')).toThrow(BbpsEnvelopeError);
  });

  it('recognises an envelope by a string under request or response, never a plain answer', () => {
    expect(bbpsEnvelopeCiphertext({ request: agentIdSealed }, 'request')).toBe(agentIdSealed);
    expect(bbpsEnvelopeCiphertext({ response: agentIdSealed }, 'response')).toBe(agentIdSealed);
    expect(
      bbpsEnvelopeCiphertext({ respCode: '1', response: { responseCode: '000' } }, 'response'),
    ).toBeUndefined();
    expect(bbpsEnvelopeCiphertext({ chId: 1 }, 'request')).toBeUndefined();
    expect(bbpsEnvelopeCiphertext('text', 'request')).toBeUndefined();
    expect(bbpsEnvelopeCiphertext(null, 'request')).toBeUndefined();
  });
});
