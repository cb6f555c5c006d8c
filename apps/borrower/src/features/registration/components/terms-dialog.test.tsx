import { fireEvent, screen, waitFor } from '@testing-library/react';

import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubLegacyApi } from '../../../testing/legacy-api-stub';
import { cleanUpScreen, renderWithProviders } from '../../../testing/render-screen';
import { TermsDialog } from './terms-dialog';

afterEach(cleanUpScreen);

describe('TermsDialog', () => {
  it("shows the server's current privacy notice and accepts it with its version", async () => {
    const calls = stubLegacyApi({
      'getPrivacyTerms.php': () => ({
        ok: {
          version: 3,
          title: 'Aviso de privacidad',
          html: '<h2>Aviso de privacidad de Préstamos HN</h2>',
        },
      }),
    });
    const onAccept = vi.fn();
    renderWithProviders(<TermsDialog open onAccept={onAccept} onDecline={vi.fn()} />);
    const accept = screen.getByRole('button', { name: 'Acepto' });
    // Nothing to accept before the text is there.
    expect(accept).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Cargando');
    const frame = await screen.findByTitle('Aviso de privacidad');
    expect(frame.getAttribute('srcdoc')).toContain('<h2>Aviso de privacidad de Préstamos HN</h2>');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(screen.getByRole('dialog', { name: 'Aviso de privacidad' })).toBeTruthy();
    await waitFor(() => expect(accept).toHaveProperty('disabled', false));
    fireEvent.click(accept);
    expect(onAccept).toHaveBeenCalledWith(3);
    expect(calls.map((c) => c.file)).toEqual(['getPrivacyTerms.php']);
  });

  it('declines with "No acepto"', async () => {
    stubLegacyApi({
      'getPrivacyTerms.php': () => ({ ok: { version: 1, title: 'Aviso de privacidad', html: '<p>x</p>' } }),
    });
    const onDecline = vi.fn();
    renderWithProviders(<TermsDialog open onAccept={vi.fn()} onDecline={onDecline} />);
    fireEvent.click(screen.getByRole('button', { name: 'No acepto' }));
    expect(onDecline).toHaveBeenCalledOnce();
  });
});
