import { SERVICE_STRIP_ITEM_PX, SERVICE_STRIP_RESERVED_PX } from '@erti/contracts/constants';

/** How many services the strip shows in a container `width` pixels wide: floor((width - 100) / 120), at least one. */
export function stripItemCount(width: number): number {
  return Math.max(1, Math.floor((width - SERVICE_STRIP_RESERVED_PX) / SERVICE_STRIP_ITEM_PX));
}
