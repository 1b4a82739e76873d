import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, ticking every second (the OTP resend wait). Based on the
 * clock, not on counting ticks, so a tab that slept still shows the right time.
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const tick = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= endsAt) clearInterval(tick);
    }, 1000);
    return () => clearInterval(tick);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    setNow(Date.now());
    setEndsAt(Date.now() + seconds * 1000);
  }, []);
  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
