import { MAX_SCREENSHOT_BYTES } from '@erti/contracts';
import { badRequest } from '../../errors.ts';

type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type the bytes really are (by their magic numbers), whatever the data URL claims. */
function imageTypeOf(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * Checks a transaction screenshot by what it decodes to: a PNG, JPEG or WebP image of at most
 * MAX_SCREENSHOT_BYTES. Answers the data URL to store, labelled with the type the bytes really are.
 */
export function checkedScreenshot(dataUrl: string): string {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_SCREENSHOT_BYTES) throw badRequest('The screenshot must be 1 MB or smaller');
  const type = imageTypeOf(bytes);
  if (!type) throw badRequest('The screenshot must be a PNG, JPEG or WebP image');
  return `data:${type};base64,${base64}`;
}
