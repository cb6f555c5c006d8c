import { transportMessages } from '@prestamos-hn/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitError } from '../errors.ts';
import { readChatImage } from '../services/chat/images.ts';
import type { Deps } from '../services/deps.ts';
import { checkContractPdfSignature, renderContractPdf } from '../services/loans/contract-pdf.ts';
import { checkPlanPdfSignature, renderFinalPlanPdf } from '../services/loans/final-plan.ts';
import { readDocument } from '../services/profile/documents.ts';
import { checkFileSignature, type SignedFileScope } from '../services/shared/file-urls.ts';

/**
 * `GET /api/files/loans/:id/contrato.pdf?exp=&sig=`: the PDF of a loan's accepted contract and
 * promissory note, behind a signed URL that getCustomerOfferList.php gives the loan's owner, and
 * `GET /api/files/loans/:id/plan-de-pagos.pdf?exp=&sig=` the final plan of a disbursed loan, the same way.
 *
 * `GET /api/files/:id?exp=&sig=`: a stored document behind a signed URL that expires (getProfile.php
 * gives one to the owner for the selfie), and `GET /api/files/chat/:id?exp=&sig=` the photo of a
 * chat message (getChatMessages.php gives them to the borrower of the conversation). A wrong or
 * expired signature, an unknown or replaced file: 404 with no detail.
 */
export const filesPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // Tighter than the other API routes: each answer reads a file from storage or renders a PDF.
  const config = { rateLimit: { max: deps.config.rateLimits.filesPerMinute, timeWindow: 60_000 } };
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RateLimitError) {
      return reply
        .code(429)
        .header('cache-control', 'no-store')
        .send({ status: 'ER', message: transportMessages.tooManyRequests });
    }
    throw error;
  });
  const serve =
    (scope: SignedFileScope, read: (id: number) => Promise<{ data: Buffer; contentType: string } | null>) =>
    async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>,
      reply: FastifyReply,
    ) => {
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ status: 'ER' });
      const { id } = request.params;
      if (!/^\d{1,15}$/.test(id)) return notFound();
      const fileId = Number(id);
      const valid = checkFileSignature(deps, fileId, request.query.exp, request.query.sig, scope);
      if (valid === null) return notFound();
      const file = await read(fileId);
      if (!file) return notFound();
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    };

  app.get(
    '/api/files/:id',
    { config },
    serve('file', (id) => readDocument(deps, id)),
  );
  // The photo of a chat message, by the message id (given to the borrower of the conversation).
  app.get(
    '/api/files/chat/:id',
    { config },
    serve('chat', (id) => readChatImage(deps, id)),
  );

  /** A loan's PDF behind its own signature: the accepted documents, or the final plan. */
  const servePdf =
    (
      check: typeof checkContractPdfSignature,
      render: (deps: Deps, loanId: number) => Promise<Buffer | null>,
      fileName: (loanId: number) => string,
    ) =>
    async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>,
      reply: FastifyReply,
    ) => {
      const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ status: 'ER' });
      const { id } = request.params;
      if (!/^\d{1,9}$/.test(id)) return notFound();
      const loanId = Number(id);
      const valid = check(deps, loanId, request.query.exp, request.query.sig);
      if (valid === null) return notFound();
      const pdf = await render(deps, loanId);
      if (!pdf) return notFound();
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${fileName(loanId)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    };

  app.get(
    '/api/files/loans/:id/contrato.pdf',
    { config },
    servePdf(checkContractPdfSignature, renderContractPdf, (id) => `contrato-${id}.pdf`),
  );
  app.get(
    '/api/files/loans/:id/plan-de-pagos.pdf',
    { config },
    servePdf(checkPlanPdfSignature, renderFinalPlanPdf, (id) => `plan-de-pagos-${id}.pdf`),
  );
};
