import { cleanup, render, screen } from '@testing-library/react';
import type * as ReactAdmin from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from './dashboard';

vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactAdmin>()),
  usePermissions: () => ({ permissions: 'analyst' }),
  useGetIdentity: () => ({ identity: { id: 3, fullName: 'Marta Analista' } }),
  Title: () => null,
}));
vi.mock('../api/get-dashboard', () => ({
  useDashboard: () => ({
    data: {
      waitingReview: 4,
      oldestWaitingSince: null,
      oldestWaitingMinutes: 95,
      approvedToday: 2,
      returnedToday: 1,
      date: '2026-11-27',
    },
    error: null,
  }),
}));
vi.mock('../api/list-staff-alerts', () => ({ useStaffAlerts: () => ({ data: undefined, error: null }) }));

describe('Dashboard (issue 35 point 13)', () => {
  afterEach(cleanup);

  it('each card opens its queue', () => {
    render(
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>,
    );
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/^Esperando revisión\s*4\s*El más antiguo espera 1 h 35 min\.$/)).toBe('/reviews');
    expect(decodeURIComponent(href(/^Aprobados hoy\s*2$/)!)).toBe('/borrowers?filter={"state":"aprobado"}');
    expect(decodeURIComponent(href(/^Devueltos hoy\s*1$/)!)).toBe('/borrowers?filter={"state":"devuelto"}');
  });
});
