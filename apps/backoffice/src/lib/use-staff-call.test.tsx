import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CoreAdminContext, HttpError, memoryStore, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { useStaffCall } from './use-staff-call';

function withSession() {
  const authProvider = {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async (error: { status?: number }) => {
      if (error?.status === 401) throw error;
    }),
    getPermissions: vi.fn(async () => 'analyst'),
  } satisfies AuthProvider;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CoreAdminContext authProvider={authProvider} store={memoryStore()}>
      {children}
    </CoreAdminContext>
  );
  return { authProvider, wrapper };
}

describe('useStaffCall', () => {
  it('passes the arguments through and answers what the call answers', async () => {
    const { authProvider, wrapper } = withSession();
    const call = vi.fn(async (id: number, note: string) => ({ id, note }));
    const { result } = renderHook(() => useStaffCall(call), { wrapper });
    await expect(result.current(7, 'llamó')).resolves.toEqual({ id: 7, note: 'llamó' });
    expect(call).toHaveBeenCalledWith(7, 'llamó');
    expect(authProvider.checkError).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 and still rejects with the error, never a stand-in answer', async () => {
    const { authProvider, wrapper } = withSession();
    const expired = new HttpError('Tu sesión terminó.', 401);
    const { result } = renderHook(() => useStaffCall(async () => Promise.reject(expired)), { wrapper });
    await expect(result.current()).rejects.toBe(expired);
    expect(authProvider.checkError).toHaveBeenCalledWith(expired);
    await vi.waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('keeps the session on a refusal (409) and rejects with it', async () => {
    const { authProvider, wrapper } = withSession();
    const conflict = new HttpError('Otro analista ya decidió.', 409);
    const { result } = renderHook(() => useStaffCall(async () => Promise.reject(conflict)), { wrapper });
    await expect(result.current()).rejects.toBe(conflict);
    expect(authProvider.checkError).toHaveBeenCalledWith(conflict);
    expect(authProvider.logout).not.toHaveBeenCalled();
  });
});
