import { useState } from 'react';
import { HttpError } from 'react-admin';

/** A refused staff call as a form shows it: the server's Spanish message and the field it names. */
export interface Refusal {
  message: string;
  field?: string;
  /** 409: someone else changed the record first. */
  isConflict: boolean;
}

export function refusalOf(error: unknown): Refusal {
  const isHttp = error instanceof HttpError;
  return {
    message: error instanceof Error ? error.message : String(error),
    field: isHttp ? (error.body as { field?: string } | undefined)?.field : undefined,
    isConflict: isHttp && error.status === 409,
  };
}

/** A field's error: the form's own check first, else the server's refusal when it names this field. */
export const fieldError = (refusal: Refusal | undefined, field: string, local?: string) =>
  local ?? (refusal?.field === field ? refusal.message : undefined);

/**
 * Sends one staff call from a dialog or a button: `isSending` while it runs, and a refusal kept to
 * show (the server's Spanish message). `send` resolves to whether the call succeeded; `onConflict`
 * runs after a 409 (for example, to reload the record behind the dialog).
 */
export function useStaffAction({ onConflict }: { onConflict?: () => void } = {}) {
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [isSending, setIsSending] = useState(false);
  async function send(call: () => Promise<unknown>): Promise<boolean> {
    setRefusal(undefined);
    setIsSending(true);
    try {
      await call();
      return true;
    } catch (error) {
      const refused = refusalOf(error);
      setRefusal(refused);
      if (refused.isConflict) onConflict?.();
      return false;
    } finally {
      setIsSending(false);
    }
  }
  return { send, refusal, isSending, clearRefusal: () => setRefusal(undefined) };
}
