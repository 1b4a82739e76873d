import { accountMessages, MAX_IMAGE_BYTES } from '@erti/contracts';
import { badRequest } from '../../errors.ts';

const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/**
 * Checks a profile picture data URL by what it decodes to, not by what it claims: at most
 * MAX_IMAGE_BYTES and starting with the JPEG magic bytes. The zod schema has checked the form.
 */
export function assertJpegPicture(dataUrl: string): void {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(accountMessages.pictureTooLarge);
  if (!JPEG_MAGIC.every((byte, index) => bytes[index] === byte)) {
    throw badRequest(accountMessages.pictureNotJpeg);
  }
}
