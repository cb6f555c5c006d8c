/**
 * Quotas per borrower account (issue 32 point 5): what one account may add, whatever its rate. The
 * refusal says when to try again. The settings are in config.ts (`quotas`) and the README.
 */
export const quotaMessages = {
  chatImages: (max: number) =>
    `Ya enviaste ${max} fotos hoy por el chat, el máximo por día. Puedes seguir escribiendo; intenta enviar fotos de nuevo mañana.`,
  documentUploads: (max: number) =>
    `Ya subiste ${max} documentos hoy, el máximo por día. Intenta de nuevo mañana.`,
  pendingReceipts: (max: number) =>
    `Ya tienes ${max} comprobantes de este préstamo esperando revisión. Podrás enviar otro cuando revisemos alguno de ellos.`,
} as const;
