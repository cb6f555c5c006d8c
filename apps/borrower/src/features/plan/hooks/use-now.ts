import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (30 s by default), so that a screen left open
 * closes the receipt window at 20:00 without a reload.
 */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
