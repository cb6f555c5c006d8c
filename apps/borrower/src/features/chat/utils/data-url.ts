/** A photo as a data URL, to keep it in local storage with its message. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer la foto.'));
    reader.readAsDataURL(blob);
  });
}

/** The photo back from its data URL (decoded here: the page's CSP does not let fetch read data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new RangeError('Not a data URL');
  const [, type = 'application/octet-stream', isBase64, data = ''] = match;
  if (!isBase64) return new Blob([decodeURIComponent(data)], { type });
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
