import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { createPartnerRequest, ensureOk, type HttpAdapterOptions } from '../shared/http';
import { IntegrationError } from '../shared/integration-error';
import { assertContentType, assertStorageKey, isStorageKey } from './storage-key';
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

  /** One page of ListObjectsV2 (up to 1,000 keys) after `token`: its keys and the next page's token. */
  async function listPage(token: string | undefined): Promise<{ keys: string[]; next: string | undefined }> {
    // In sorted order, as the signature's canonical query string has them.
    const query = new URLSearchParams(token === undefined ? {} : { 'continuation-token': token });
    query.set('list-type', '2');
    const signed = await signer.sign(`${base}?${query.toString()}`, {
      method: 'GET',
      headers: { 'x-amz-content-sha256': createHash('sha256').update('').digest('hex') },
      aws: { allHeaders: true },
    });
    const response = await request(signed, {});
    await ensureOk('file-storage', response);
    let xml: string;
    try {
      xml = await response.text();
    } catch (error) {
      throw new IntegrationError('file-storage', 'No se pudo leer la lista del almacenamiento.', {
        cause: error,
      });
    }
    return parseListPage(xml);
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

    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await listPage(token);
        keys.push(...page.keys);
        token = page.next;
      } while (token !== undefined);
      return keys.filter(isStorageKey).sort();
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) =>
    entity.startsWith('#')
      ? String.fromCodePoint(
          entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
        )
      : (XML_ENTITIES[entity.toLowerCase()] ?? ''),
  );

/**
 * A ListObjectsV2 answer (`<ListBucketResult>`): the `<Key>` of each `<Contents>`, and
 * `<NextContinuationToken>` when `<IsTruncated>` is true. An answer that is not one is an error, so
 * that a backup never takes a broken listing for an empty bucket.
 */
export function parseListPage(xml: string): { keys: string[]; next: string | undefined } {
  if (!/<ListBucketResult[\s>]/.test(xml)) {
    throw new IntegrationError('file-storage', 'El almacenamiento respondió una lista que no se entiende.');
  }
  const keys = [...xml.matchAll(/<Contents>[\s\S]*?<Key>([\s\S]*?)<\/Key>[\s\S]*?<\/Contents>/g)].map((m) =>
    unescapeXml(m[1]!),
  );
  const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
  const token = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
  if (truncated && !token) {
    throw new IntegrationError('file-storage', 'El almacenamiento cortó la lista sin decir cómo seguir.');
  }
  return { keys, next: truncated ? unescapeXml(token!) : undefined };
}
