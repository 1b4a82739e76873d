import { useEffect, useRef } from 'react';
import chimeUrl from '../assets/payment-chime.wav';

/**
 * Plays our short success chime once when `completed` first turns true. The file is fetched only
 * then; a browser that blocks autoplay just stays silent.
 */
export function useChimeOnce(completed: boolean): void {
  const played = useRef(false);
  useEffect(() => {
    if (!completed || played.current) return;
    played.current = true;
    new Audio(chimeUrl).play().catch((error: unknown) => console.warn('Payment sound not played', error));
  }, [completed]);
}
