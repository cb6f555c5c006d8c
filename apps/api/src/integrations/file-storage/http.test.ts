import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntegrationError } from '../shared/integration-error';
import { json, neverAnswer, partnerServerPerTest, type ReceivedRequest } from '../shared/partner-server';
import { createS3FileStorage, parseListPage } from './http';

const settings = {
  bucket: 'documentos',
  region: 'us-east-1',
  accessKeyId: 'AKIDEJEMPLO',
  secretAccessKey: 'secreto/de+prueba',
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks an AWS Signature V4 the way S3 does, written here from the specification, independently of
 * the library that signed it: rebuilds the canonical request from what arrived and recomputes the
 * signature with the secret.
 */
function verifySignature(request: ReceivedRequest, secret: string): void {
  const authorization = String(request.headers.authorization);
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  expect(match, authorization).not.toBeNull();
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  expect(accessKeyId).toBe(settings.accessKeyId);
  expect(region).toBe(settings.region);
  const amzDate = String(request.headers['x-amz-date']);
  expect(amzDate.slice(0, 8)).toBe(date);
  const headerNames = signedHeaders!.split(';');
  expect(headerNames).toEqual(expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']));

  const payloadHash = String(request.headers['x-amz-content-sha256']);
  expect(payloadHash).toBe(sha256(request.body));
  const [pathPart, query = ''] = request.url.split('?');
  const canonicalRequest = [
    request.method,
    pathPart,
    query,
    headerNames
      .map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`)
      .join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), 's3'), 'aws4_request');
  expect(createHmac('sha256', signingKey).update(stringToSign).digest('hex')).toBe(signature);
}

describe('S3 file storage', () => {
  const partner = partnerServerPerTest((_req, res) => void res.writeHead(200).end());

  const storage = (timeoutMs?: number) =>
    createS3FileStorage({ ...settings, endpoint: `${partner.baseUrl}/`, timeoutMs });

  it('PUTs the bytes path-style with the content type and a valid SigV4 signature over the payload', async () => {
    const data = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]);
    await storage().put('recibos/1542/abc-1', data, 'image/jpeg');
    const [request] = partner.received;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/documentos/recibos/1542/abc-1');
    expect(request?.headers['content-type']).toBe('image/jpeg');
    expect(request?.body).toEqual(data);
    expect(request?.headers.authorization?.split('SignedHeaders=')[1]).toContain('content-type');
    verifySignature(request!, settings.secretAccessKey);
    expect(JSON.stringify(request?.headers)).not.toContain(settings.secretAccessKey);
  });

  it('a signature made with another secret does not verify (the check can fail)', async () => {
    await storage().put('a', Buffer.from('x'), 'text/plain');
    expect(() => verifySignature(partner.received[0]!, 'otro-secreto')).toThrow();
  });

  it('GETs a file with its content type', async () => {
    partner.answer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('PNG!')),
    );
    expect(await storage().get('perfil/7/selfie')).toEqual({
      data: Buffer.from('PNG!'),
      contentType: 'image/png',
    });
    const [request] = partner.received;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/documentos/perfil/7/selfie');
    verifySignature(request!, settings.secretAccessKey);
  });

  it('answers null for a missing key', async () => {
    partner.answer(
      (_req, res) => void res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error/>'),
    );
    expect(await storage().get('no/existe')).toBeNull();
  });

  it('DELETEs signed, and a missing key is not an error', async () => {
    partner.answer((_req, res) => void res.writeHead(204).end());
    await storage().delete('perfil/7/selfie');
    expect(partner.received[0]?.method).toBe('DELETE');
    verifySignature(partner.received[0]!, settings.secretAccessKey);
    partner.answer((_req, res) => void res.writeHead(404).end());
    await expect(storage().delete('perfil/7/selfie')).resolves.toBeUndefined();
  });

  it.each([
    ['put', (s: ReturnType<typeof storage>) => s.put('a', Buffer.from('x'), 'text/plain')],
    ['get', (s: ReturnType<typeof storage>) => s.get('a')],
    ['delete', (s: ReturnType<typeof storage>) => s.delete('a')],
  ])('rejects a %s answered with 403', async (_op, run) => {
    partner.answer(json(403, { error: 'SignatureDoesNotMatch' }));
    const error = await run(storage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect((error as Error).message).toBe('El almacenamiento de archivos respondió con el estado HTTP 403.');
  });

  it('rejects when the bucket does not answer in time', async () => {
    partner.answer(neverAnswer);
    await expect(storage(50).get('a')).rejects.toThrow(
      'El almacenamiento de archivos no respondió en 50 ms.',
    );
  });

  it('lists every key over the pages of ListObjectsV2, signed, leaving out what is not a server key', async () => {
    const page = (keys: string[], next?: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>documentos</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>` +
      (next ? `<NextContinuationToken>${next}</NextContinuationToken>` : '') +
      keys.map((k) => `<Contents><Key>${k}</Key><Size>4</Size></Contents>`).join('') +
      `</ListBucketResult>`;
    partner.answer((req, res) => {
      const token = new URL(req.url, 'http://x').searchParams.get('continuation-token');
      const body =
        token === null
          ? page(['recibos/1/b', 'chat/7/a'], '1/x&amp;y=')
          : token === '1/x&y='
            ? page(['perfil/3/selfie', 'ajeno &amp; raro.txt'])
            : '<Error/>';
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    });
    expect(await storage().list()).toEqual(['chat/7/a', 'perfil/3/selfie', 'recibos/1/b']);
    expect(partner.received.map((r) => r.url)).toEqual([
      '/documentos?list-type=2',
      '/documentos?continuation-token=1%2Fx%26y%3D&list-type=2',
    ]);
    for (const request of partner.received) verifySignature(request, settings.secretAccessKey);
  });

  it('refuses a listing that is not ListObjectsV2, or one cut without a token', async () => {
    partner.answer((_req, res) => void res.writeHead(200).end('<html>portal cautivo</html>'));
    await expect(storage().list()).rejects.toThrow(
      'El almacenamiento respondió una lista que no se entiende.',
    );
    expect(() =>
      parseListPage('<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>'),
    ).toThrow(IntegrationError);
    partner.answer(json(403, { error: 'AccessDenied' }));
    await expect(storage().list()).rejects.toThrow('respondió con el estado HTTP 403');
  });

  it('refuses a bad key without a request', async () => {
    await expect(storage().get('../otro-bucket/x')).rejects.toThrow(RangeError);
    expect(partner.received).toHaveLength(0);
  });
});
