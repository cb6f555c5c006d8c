import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { createPartnerRequest, ensureOk, type HttpAdapterOptions } from '../shared/http';
import { IntegrationError } from '../shared/integration-error';
import { assertContentType, assertStorageKey } from './storage-key';
import type { FileStorage } from './types';

export interface S3Settings {
  /** The service's base URL, e.g. `https://s3.us-east-1.amazonaws.com` or a MinIO/R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket, with path-style URLs (`{endpoint}/{bucket}/{key}`, which every compatible
 * service accepts) and AWS Signature V4 (aws4fetch), the payload's SHA-256 signed too. The secret key
 * never leaves the server. GET of a missing key (404) is null; DELETE of one is fine; any other
 * non-2xx, a timeout or a network failure rejects with an IntegrationError.
 */
export function createS3FileStorage(options: S3Settings & HttpAdapterOptions): FileStorage {
  const request = createPartnerRequest('file-storage', options);
  const signer = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 0,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    assertStorageKey(key);
    const payload = body ?? Buffer.alloc(0);
    const signed = await signer.sign(`${base}/${key}`, {
      method,
      headers: {
        'x-amz-content-sha256': createHash('sha256').update(payload).digest('hex'),
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) }),
      // Sign the content type too, so that nobody on the way can change how the file is served.
      aws: { allHeaders: true },
    });
    return request(signed, {});
  }

  return {
    async put(key, data, contentType) {
      assertContentType(contentType);
      await ensureOk('file-storage', await send('PUT', key, data, contentType));
    },

    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      await ensureOk('file-storage', response);
      let data: Buffer;
      try {
        data = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw new IntegrationError('file-storage', 'No se pudo leer el archivo del almacenamiento.', {
          cause: error,
        });
      }
      return { data, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    },

    async delete(key) {
      const response = await send('DELETE', key);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      await ensureOk('file-storage', response);
    },
  };
}
