import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SendReceiptButton } from './send-receipt-button';

const button = () => screen.getByRole('button', { name: 'Enviar comprobante BAC' });

describe("the 'Enviar comprobante BAC' button", () => {
  // Honduras is UTC-6 all year: 20:00 there is 02:00 UTC the next day.
  it.each([
    ['00:00', '2026-11-22T06:00:00Z'],
    ['07:30 (before the stated 8:00 am)', '2026-11-22T13:30:00Z'],
    ['12:00', '2026-11-22T18:00:00Z'],
    ['19:59', '2026-11-23T01:59:59Z'],
  ])('is enabled at %s Honduras time', (_label, instant) => {
    const onClick = vi.fn();
    render(<SendReceiptButton now={new Date(instant)} onClick={onClick} />);
    expect(button().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Fuera de horario operativo')).toBeNull();
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledOnce();
  });

  it.each([
    ['20:00', '2026-11-23T02:00:00Z'],
    ['23:59', '2026-11-23T05:59:59Z'],
  ])("is disabled at %s Honduras time, with 'Fuera de horario operativo'", (_label, instant) => {
    render(<SendReceiptButton now={new Date(instant)} onClick={vi.fn()} />);
    expect(button().hasAttribute('disabled')).toBe(true);
    const note = screen.getByText('Fuera de horario operativo');
    expect(button().getAttribute('aria-describedby')).toBe(note.id);
  });
});
