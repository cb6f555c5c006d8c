import { vi } from 'vitest';

/** One multipart upload as the stubbed XMLHttpRequest saw it, and the ways to answer it. */
export interface SentUpload {
  url: string;
  form: FormData;
  /** Answers the legacy envelope `body` with HTTP 200. */
  answer: (body: unknown) => void;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
}

/**
 * Stands in for the server of `uploadLegacy` in a unit test: XMLHttpRequest records each upload and
 * waits for the test to answer it. Undo with `vi.unstubAllGlobals()`.
 */
export function stubUploads(): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    timeout = 0;
    responseText = '';
    upload: { onprogress?: (event: ProgressEvent) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      sent.push({
        url: this.url,
        form,
        answer: (body) => {
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
      });
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
