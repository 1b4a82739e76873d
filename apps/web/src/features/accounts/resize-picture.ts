import { PROFILE_IMAGE_QUALITY, PROFILE_IMAGE_SIZE_PX } from '@erti/contracts/constants';

/**
 * Turns a chosen image into the profile picture the api takes: a 300x300 JPEG at quality 0.8 as a
 * base64 data URL. The centre square is kept (no stretching); transparency becomes white.
 */
export async function resizeToProfilePicture(file: Blob): Promise<string> {
  const image = await createImageBitmap(file);
  const size = PROFILE_IMAGE_SIZE_PX;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize pictures');
  const side = Math.min(image.width, image.height);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, size, size);
  image.close();
  return canvas.toDataURL('image/jpeg', PROFILE_IMAGE_QUALITY);
}
