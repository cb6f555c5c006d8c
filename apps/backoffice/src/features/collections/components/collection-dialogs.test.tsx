import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StageDialog } from './collection-dialogs';

const changeStage = vi.fn();
vi.mock('../api/change-collection-stage', () => ({ useChangeCollectionStage: () => changeStage }));
vi.mock('../api/add-collection-note', () => ({ useAddCollectionNote: () => vi.fn() }));
vi.mock('../api/add-payment-promise', () => ({ useAddPaymentPromise: () => vi.fn() }));

describe('collections stage dialog', () => {
  afterEach(() => {
    cleanup();
    changeStage.mockReset();
  });

  async function sendWithReason() {
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: 'tres promesas incumplidas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar etapa' }));
    await vi.waitFor(() => expect(changeStage).toHaveBeenCalled());
  }

  it('shows a refusal of the reason on its field, not above it', async () => {
    changeStage.mockRejectedValue(new HttpError('El motivo es demasiado largo.', 400, { field: 'reason' }));
    render(<StageDialog loanId={3} status={8} onClose={vi.fn()} onDone={vi.fn()} />);
    await sendWithReason();
    await screen.findByText('El motivo es demasiado largo.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows above the fields a refusal naming a field the dialog has no input for', async () => {
    changeStage.mockRejectedValue(new HttpError('Elige la etapa: 9, 10 u 11.', 400, { field: 'status' }));
    render(<StageDialog loanId={3} status={8} onClose={vi.fn()} onDone={vi.fn()} />);
    await sendWithReason();
    expect((await screen.findByRole('alert')).textContent).toBe('Elige la etapa: 9, 10 u 11.');
  });
});
