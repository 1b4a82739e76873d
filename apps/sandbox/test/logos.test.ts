import type { BbpsBiller } from '@erti/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BouClient, startBou } from './support/bou-client.ts';

let bou: BouClient;
beforeAll(async () => {
  bou = await startBou();
});
afterAll(() => bou.close());

const extensions = ['png', 'jpg', 'webp', 'jpeg'];
const logoUrl = (biller: BbpsBiller, extension: string) =>
  `/logos/${encodeURIComponent(biller.billerCategory)}/${encodeURIComponent(biller.billerName)}.${extension}`;

/** The site's chain: the first extension that loads. */
async function firstLogo(biller: BbpsBiller) {
  const statuses: number[] = [];
  for (const extension of extensions) {
    const response = await bou.app.inject({ method: 'GET', url: logoUrl(biller, extension) });
    statuses.push(response.statusCode);
    if (response.statusCode === 200) return { extension, response, statuses };
  }
  return { extension: undefined, response: undefined, statuses };
}

const magic: Record<string, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  jpeg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
};

describe('GET /logos/{category}/{billerName}.{ext}', () => {
  it('serves a real image only in the format the biller names, cacheable and cross-origin', async () => {
    for (const extension of extensions) {
      const biller = await bou.biller('Electricity', (candidate) => candidate.billerLogo === extension);
      const { response, statuses } = await firstLogo(biller);
      expect(statuses).toEqual([...statuses.slice(0, -1).map(() => 404), 200]);
      expect(statuses).toHaveLength(extensions.indexOf(extension) + 1);
      expect(response?.headers['content-type']).toBe(
        extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : 'image/jpeg',
      );
      expect(magic[extension]!(response!.rawPayload)).toBe(true);
      expect(response?.headers['cache-control']).toBe('public, max-age=86400');
      expect(response?.headers['access-control-allow-origin']).toBe('*');
      expect(response?.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('answers 404 for every extension when the biller has no logo, and for unknown billers', async () => {
    const biller = await bou.biller('Electricity', (candidate) => candidate.billerLogo === '');
    expect((await firstLogo(biller)).statuses).toEqual([404, 404, 404, 404]);
    const unknown = await bou.app.inject({ method: 'GET', url: '/logos/Electricity/Nobody%20Power.png' });
    expect(unknown.statusCode).toBe(404);
    expect((await bou.app.inject({ method: 'GET', url: '/logos/Electricity' })).statusCode).toBe(404);
  });

  it('finds billers whose names hold dots, ampersands and slashes', async () => {
    const cases = [
      ['Water', 'Punjab Municipal Corporations/Councils'],
      ['Electricity', 'Bangalore Electricity Supply Co. Ltd (BESCOM)'],
      ['Hospital & Pathology', 'Sri Krishna Diagnostics'],
    ];
    for (const [category, name] of cases) {
      const biller = await bou.biller(category!, (candidate) => candidate.billerName === name);
      expect((await firstLogo(biller)).extension).toBe(biller.billerLogo);
    }
    const unencodedSlash = await bou.app.inject({
      method: 'GET',
      url: '/logos/Water/Punjab%20Municipal%20Corporations/Councils.jpeg',
    });
    expect(unencodedSlash.statusCode).toBe(200);
  });
});
