/**
 * A notice over every screen, made of plain DOM and styled through the CSSOM (which the style policy
 * allows without a nonce): the offline notice and the success of a queued send (decision 018). It
 * needs none of the screens' code, so it costs the first load nothing and works on any screen.
 */
export type NoticeTone = 'warning' | 'success';

// MUI's Alert colours: the standard warning (contrast 9:1) and the filled success (white on green).
const TONES: Record<NoticeTone, Partial<CSSStyleDeclaration>> = {
  warning: { color: 'rgb(102, 60, 0)', backgroundColor: 'rgb(255, 244, 229)' },
  success: { color: '#fff', backgroundColor: 'rgb(46, 125, 50)' },
};

export interface PageNotice {
  /** Shows `text`, or hides the notice for an empty text. */
  show(text: string): void;
  remove(): void;
}

/**
 * A live region (read out when its text changes) at the top of the page, above the app's bars and
 * under its dialogs: `sticky` in the page's flow for a lasting notice, `floating` over it for a brief one.
 */
export function createPageNotice(
  tone: NoticeTone,
  placement: 'sticky' | 'floating',
  doc: Document = document,
): PageNotice {
  const notice = doc.createElement('div');
  notice.setAttribute('role', 'status');
  notice.dataset.pageNotice = tone;
  Object.assign(notice.style, TONES[tone], {
    position: placement === 'sticky' ? 'sticky' : 'fixed',
    top: placement === 'sticky' ? '0' : '8px',
    left: placement === 'sticky' ? '' : '50%',
    transform: placement === 'sticky' ? '' : 'translateX(-50%)',
    maxWidth: placement === 'sticky' ? '' : 'calc(100% - 16px)',
    borderRadius: placement === 'sticky' ? '' : '4px',
    // Under the app's dialogs (1300) while it lasts; a brief one over them, as MUI's snackbars (1400).
    zIndex: placement === 'sticky' ? '1250' : '1400',
    fontFamily: 'Roboto, Arial, sans-serif',
    fontSize: '0.875rem',
    lineHeight: '1.43',
  });
  const show = (text: string) => {
    notice.textContent = text;
    notice.style.padding = text ? '8px 16px' : '0';
    // Empty, it is no status at all: hidden, so that a screen's own status is the only one there.
    notice.hidden = !text;
  };
  show('');
  doc.body.prepend(notice);
  return { show, remove: () => notice.remove() };
}
