import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';

/** A request as the fake partner received it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type PartnerHandler = (request: ReceivedRequest, response: ServerResponse) => void;

export interface PartnerServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  received: ReceivedRequest[];
  /** Changes how the next requests are answered. */
  answer(handler: PartnerHandler): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 and a free port, playing an outside party in the adapters' tests.
 * It records every request in full and answers through the current handler (default: 200 `{}`).
 */
export async function startPartnerServer(handler?: PartnerHandler): Promise<PartnerServer> {
  let current: PartnerHandler =
    handler ??
    ((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      current(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    answer(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/**
 * A fake partner for each test of the calling suite: started before each test (answering through
 * `handler`), closed after it unless the test closed it. The object returned stands for the current
 * test's server.
 */
export function partnerServerPerTest(handler?: PartnerHandler): PartnerServer {
  let server: PartnerServer | undefined;
  beforeEach(async () => {
    server = await startPartnerServer(handler);
  });
  const closeCurrent = async () => {
    const closing = server;
    server = undefined;
    await closing?.close();
  };
  afterEach(closeCurrent);
  const current = () => {
    if (!server) throw new Error('The fake partner runs only during a test.');
    return server;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get received() {
      return current().received;
    },
    answer: (next) => current().answer(next),
    close: closeCurrent,
  };
}

/** Answers with a JSON body and the given status. */
export function json(status: number, body: unknown): PartnerHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

/** Never answers, so the client's deadline must fire. */
export const neverAnswer: PartnerHandler = () => undefined;
