/**
 * Per-IP request limits of the chat calls (a minute each). Generous: a phone back online sends its
 * queued messages one after another, and a busy network (a shared office) has several borrowers.
 * The polled reads are limited only by the global guard.
 */
export const chatCallsPerMinutePerIp = {
  postChatMessage: 60,
  getChatTicket: 30,
} as const;
