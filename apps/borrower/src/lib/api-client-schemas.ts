// The contract's schemas (every call's and the envelope's) with zod: a chunk of its own, which
// `callLegacy` downloads while a call's answer is on its way (./api-client.ts).
export { endpoints, legacyResponseSchema } from '@prestamos-hn/contract';
