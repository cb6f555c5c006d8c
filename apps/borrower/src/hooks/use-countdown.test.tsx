import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts 120 seconds down to zero, then stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ secondsLeft: 0, isRunning: false });

    act(() => result.current.start(120));
    expect(result.current).toMatchObject({ secondsLeft: 120, isRunning: true });

    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(119);

    act(() => vi.advanceTimersByTime(118_000));
    expect(result.current).toMatchObject({ secondsLeft: 1, isRunning: true });

    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toMatchObject({ secondsLeft: 0, isRunning: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from the full time, and can be stopped', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.secondsLeft).toBe(30);

    act(() => result.current.start(60));
    expect(result.current.secondsLeft).toBe(60);

    act(() => result.current.stop());
    expect(result.current).toMatchObject({ secondsLeft: 0, isRunning: false });
  });
});
