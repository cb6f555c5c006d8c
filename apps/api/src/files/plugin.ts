import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { checkContractPdfSignature, renderContractPdf } from '../services/loans/contract-pdf.ts';
import { readDocument } from '../services/profile/documents.ts';
import { checkFileSignature } from '../services/profile/file-urls.ts';

/**
 * `GET /api/files/loans/:id/contrato.pdf?exp=&sig=`: the PDF of a loan's accepted contract and
 * promissory note, behind a signed URL that getCustomerOfferList.php gives the loan's owner.
 *
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

  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
    '/api/files/loans/:id/contrato.pdf',
    async (request, reply) => {
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ status: 'ER' });
      const { id } = request.params;
      if (!/^\d{1,9}$/.test(id)) return notFound();
      const loanId = Number(id);
      const secondsLeft = checkContractPdfSignature(deps, loanId, request.query.exp, request.query.sig);
      if (secondsLeft === null) return notFound();
      const pdf = await renderContractPdf(deps, loanId);
      if (!pdf) return notFound();
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('content-disposition', `inline; filename="contrato-${loanId}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
