import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiptSentPopup } from './receipt-sent-popup';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the success pop-up', () => {
  it("shows '¡Comprobante enviado con éxito!' for about 5 s", () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ReceiptSentPopup open onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toBe('¡Comprobante enviado con éxito!');
    act(() => vi.advanceTimersByTime(4_900));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
