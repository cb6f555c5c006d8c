import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhereToPay } from './where-to-pay';

const ACCOUNTS = [
  { bank: 2, bank_name: 'BAC Credomatic', account_number: '200123456', holder_name: 'Préstamos HN S. A.' },
];

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe("'Dónde pagar'", () => {
  it('copies with the older execCommand when the browser has no Clipboard API, and says so', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<WhereToPay loanNumber={42} accounts={ACCOUNTS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar cuenta de BAC Credomatic' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copiado: 200123456'));
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('when nothing can copy, shows the number to copy by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    render(<WhereToPay loanNumber={42} accounts={ACCOUNTS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar referencia' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'No pudimos copiar. Mantén presionado el número para copiarlo: 42',
      ),
    );
  });

  it('without accounts, says where to ask, and still gives the reference', () => {
    render(<WhereToPay loanNumber={42} accounts={[]} />);
    expect(
      screen.getByText(
        'Pronto verás aquí las cuentas donde puedes depositar. Mientras tanto, pregúntanos por el chat de ayuda.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Escribe como referencia el número de tu préstamo: 42')).toBeTruthy();
  });
});
