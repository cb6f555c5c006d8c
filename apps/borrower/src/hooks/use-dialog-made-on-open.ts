import { useCallback, useState } from 'react';

/**
 * A dialog that a screen makes the first time it opens, not on every visit, and keeps from then on:
 * it can fade out, and what was typed or shown in it survives closing it. `isMade` says whether to
 * render it at all; `isOpen` is its `open`. `isOpenAtFirst` opens it on the first render.
 */
export function useDialogMadeOnOpen(isOpenAtFirst = false) {
  const [isOpen, setIsOpen] = useState(isOpenAtFirst);
  const [isMade, setIsMade] = useState(isOpenAtFirst);
  const open = useCallback(() => {
    setIsMade(true);
    setIsOpen(true);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  return { isOpen, isMade, open, close };
}
