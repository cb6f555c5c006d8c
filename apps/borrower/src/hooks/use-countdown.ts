import { useCallback, useEffect, useState } from 'react';

/**
 * A count-down in whole seconds (resend locks: 120 s for the registration code, 60 s for the login
 * code and the e-mail). It counts against the clock, so a throttled background tab stays right.
 */
export function useCountdown(): {
  secondsLeft: number;
  isRunning: boolean;
  start: (seconds: number) => void;
  stop: () => void;
} {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);
  const stop = useCallback(() => setEndsAt(null), []);

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { secondsLeft, isRunning: secondsLeft > 0, start, stop };
}
