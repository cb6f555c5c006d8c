import { useEffect, useState } from 'react';
import { firstRenderNow } from '../lib/render-scope';

/**
 * The current time, renewed every `intervalMs`, so that a screen left open follows the clock
 * without a reload (the chat's office hours notice, the plan's receipt window). It starts from
 * `firstRenderNow`, so a server-rendered screen hydrates with the clock it was rendered with.
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(firstRenderNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
