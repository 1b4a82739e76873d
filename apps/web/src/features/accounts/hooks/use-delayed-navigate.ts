import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Navigates to a path after a delay (the spec's redirects after login, sign-up, reset and deletion). */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (path: string, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(path), delayMs);
  };
}
