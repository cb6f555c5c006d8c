import { useState } from 'react';

/**
 * A text a dialog must not send blank (a note, a reason, an amount): its value, and the dialog's own
 * `missingMessage` once the form is sent without it, until the person types again.
 */
export function useRequiredText(missingMessage: string, initial = '') {
  const [value, setValue] = useState(initial);
  const [isMissing, setMissing] = useState(false);
  return {
    value,
    error: isMissing ? missingMessage : undefined,
    onChange: (next: string) => {
      setValue(next);
      setMissing(false);
    },
    /** The text to send, trimmed; undefined, with the error shown, when it is blank. */
    take: (): string | undefined => {
      const trimmed = value.trim();
      if (trimmed === '') setMissing(true);
      return trimmed === '' ? undefined : trimmed;
    },
  };
}
