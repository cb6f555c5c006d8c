import { buildOpenApiDocument, type OpenApiDocument } from '@prestamos-hn/contract';
import type { FastifyPluginAsync } from 'fastify';
import apiPackage from '../../package.json' with { type: 'json' };
import type { Deps } from '../services/deps.ts';
import { renderDocsPage } from './docs-page.ts';

/**
 * The API described from the contract's two tables: `GET /api/openapi.json` (OpenAPI 3.1) always,
 * and outside production a readable page of it at `GET /api/docs`.
 */
export const openApiPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  let document: OpenApiDocument | undefined;
  // Built once, on first use: the tables do not change while the process runs.
  const describe = () =>
    (document ??= buildOpenApiDocument({
      title: `${deps.config.brandName} API`,
      version: apiPackage.version,
    }));

  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(describe()),
  );

  if (!deps.config.isProduction) {
    let page: string | undefined;
    app.get('/api/docs', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send((page ??= renderDocsPage(describe()))),
    );
  }
};
