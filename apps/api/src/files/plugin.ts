import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { readDocument } from '../services/profile/documents.ts';
import { checkFileSignature } from '../services/profile/file-urls.ts';

/**
 * `GET /api/files/:id?exp=&sig=`: a stored document behind a signed URL that expires (getProfile.php
 * gives one to the owner for the selfie). A wrong or expired signature, an unknown or replaced file:
 * 404 with no detail.
 */
export const filesPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
    '/api/files/:id',
    async (request, reply) => {
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ status: 'ER' });
      const { id } = request.params;
      if (!/^\d{1,15}$/.test(id)) return notFound();
      const fileId = Number(id);
      const secondsLeft = checkFileSignature(deps, fileId, request.query.exp, request.query.sig);
      if (secondsLeft === null) return notFound();
      const file = await readDocument(deps, fileId);
      if (!file) return notFound();
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
