import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogMadeOnOpen } from './use-dialog-made-on-open';

describe('useDialogMadeOnOpen', () => {
  it('is not made until it first opens, and stays made once closed', () => {
    const { result } = renderHook(() => useDialogMadeOnOpen());
    expect(result.current).toMatchObject({ isOpen: false, isMade: false });

    act(() => result.current.open());
    expect(result.current).toMatchObject({ isOpen: true, isMade: true });

    act(() => result.current.close());
    expect(result.current).toMatchObject({ isOpen: false, isMade: true });
  });
});
