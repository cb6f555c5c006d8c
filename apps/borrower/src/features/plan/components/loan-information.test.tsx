import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@prestamos-hn/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { planLoanFixture } from '../../../testing/plan-fixtures';
import { ContractDialog } from './contract-dialog';
import { LoanInformation } from './loan-information';

const renderWithTheme = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('the information block', () => {
  it('shows the status message, number, debt, wallet, progress, chips and Ver contrato', () => {
    const onViewContract = vi.fn();
    renderWithTheme(
      <LoanInformation
        loan={planLoanFixture(12, 3)}
        walletBalance={400.5}
        paid={1}
        total={3}
        onViewContract={onViewContract}
      />,
    );
    const block = screen.getByRole('region', { name: 'Información del préstamo' });
    expect(within(block).getByText('Tu préstamo está activo. Paga tus cuotas a tiempo.')).toBeTruthy();
    const terms = Object.fromEntries(
      within(block)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(terms).toEqual({
      'Préstamo N.º': '12',
      'Total a pagar': 'L 1,251.63',
      'Deposito por aplicar': 'L 400.50',
    });
    expect(within(block).getByText('Pagos 1 / 3')).toBeTruthy();
    expect(
      within(block).getByRole('progressbar', { name: 'Pagos 1 / 3' }).getAttribute('aria-valuenow'),
    ).toBe('33');
    const chips = within(within(block).getByRole('list', { name: 'Condiciones' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toEqual(['Tasa 5.00 %', 'Mensual', 'Pagando']);
    expect(within(block).queryByRole('link', { name: 'Descargar contrato (PDF)' })).toBeNull();
    expect(within(block).queryByRole('link', { name: 'Descargar plan de pagos (PDF)' })).toBeNull();
    fireEvent.click(within(block).getByRole('button', { name: 'Ver contrato' }));
    expect(onViewContract).toHaveBeenCalledOnce();
  });

  it("uses the plan's weekly divisor for the rate chip and links the contract and final plan PDFs when there are", () => {
    renderWithTheme(
      <LoanInformation
        loan={planLoanFixture(7, 8, {
          interest: 3.91,
          period_type: 'semanal',
          contract_pdf_url: '/api/files/loans/7/contrato.pdf?expires=1&signature=abc',
          plan_pdf_url: '/api/files/loans/7/plan-de-pagos.pdf?exp=1&sig=abc',
        })}
        walletBalance={0}
        paid={0}
        total={4}
        onViewContract={vi.fn()}
      />,
    );
    expect(screen.getByText('Tasa 0.07 %')).toBeTruthy();
    expect(screen.getByText('Semanal')).toBeTruthy();
    expect(screen.getByText('Atrasado')).toBeTruthy();
    expect(screen.getByText('Tienes pagos atrasados. Ponte al día para evitar más recargos.')).toBeTruthy();
    expect(screen.getByText('Pagos 0 / 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Descargar contrato (PDF)' }).getAttribute('href')).toBe(
      '/api/files/loans/7/contrato.pdf?expires=1&signature=abc',
    );
    expect(screen.getByRole('link', { name: 'Descargar plan de pagos (PDF)' }).getAttribute('href')).toBe(
      '/api/files/loans/7/plan-de-pagos.pdf?exp=1&sig=abc',
    );
  });

  it('gives the reason of a rejected request', () => {
    renderWithTheme(
      <LoanInformation
        loan={planLoanFixture(5, 2, { debt: 0, rejection_reason: 'Tus ingresos no alcanzan para la cuota.' })}
        walletBalance={0}
        paid={0}
        total={3}
        onViewContract={vi.fn()}
      />,
    );
    expect(screen.getByText('Tu solicitud fue rechazada.')).toBeTruthy();
    expect(screen.getByText('Tus ingresos no alcanzan para la cuota.')).toBeTruthy();
    expect(screen.getByText('Rechazado')).toBeTruthy();
  });
});

describe('the contract dialog', () => {
  it('shows the stored contract in a sandboxed frame with a title, and closes', () => {
    const onClose = vi.fn();
    renderWithTheme(<ContractDialog open onClose={onClose} html="<p>Cláusula primera</p>" pdfUrl={null} />);
    const dialog = screen.getByRole('dialog', { name: 'Contrato' });
    const frame = within(dialog).getByTitle('Contrato');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Cláusula primera</p>');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("says 'No hay contrato generado' without one", () => {
    renderWithTheme(<ContractDialog open onClose={vi.fn()} html={null} pdfUrl={null} />);
    const dialog = screen.getByRole('dialog', { name: 'Contrato' });
    expect(within(dialog).getByText('No hay contrato generado')).toBeTruthy();
    expect(within(dialog).queryByTitle('Contrato')).toBeNull();
  });
});
