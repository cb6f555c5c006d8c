import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`, so that a screen left open follows the clock
 * without a reload (the chat's office hours notice, the plan's receipt window).
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
