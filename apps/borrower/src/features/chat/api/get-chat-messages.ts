import type { ChatMessageItem, ChatMessagesPage } from '@prestamos-hn/contract';
import { CHAT_POLL_MS } from '@prestamos-hn/domain';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { lastMessageId, mergeMessages } from '../utils/merge-messages';

/** The conversation as the app holds it: every message loaded so far, oldest first. */
export type ChatView = ChatMessagesPage;

/**
 * getChatMessages.php: the first read loads the latest messages; every later one (a poll, a return to
 * the chat) asks only for what came after the newest message held, and adds it.
 */
async function readNewMessages(queryClient: QueryClient, signal: AbortSignal): Promise<ChatView> {
  const current = queryClient.getQueryData<ChatView>(queryKeys.chatMessages);
  const after = current ? lastMessageId(current.messages) : undefined;
  const page = await callLegacy('getChatMessages', after !== undefined ? { after } : {}, { signal });
  if (!current) return page;
  return { ...page, messages: mergeMessages(current.messages, page.messages), hasOlder: current.hasOlder };
}

/** The conversation; polled every 5 s while the live channel is not connected (`poll`). */
export function useChatMessages({ poll }: { poll: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.chatMessages,
    queryFn: ({ signal }) => readNewMessages(queryClient, signal),
    refetchInterval: poll ? CHAT_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** Adds messages that arrived another way (the live channel, a send) to the conversation. */
export function addChatMessages(queryClient: QueryClient, messages: readonly ChatMessageItem[]): void {
  queryClient.setQueryData<ChatView>(queryKeys.chatMessages, (current) =>
    current ? { ...current, messages: mergeMessages(current.messages, messages) } : current,
  );
}

/** 'Ver mensajes anteriores': the page before the oldest message held. */
export async function loadOlderChatMessages(queryClient: QueryClient): Promise<void> {
  const current = queryClient.getQueryData<ChatView>(queryKeys.chatMessages);
  const before = current?.messages[0]?.id;
  if (before === undefined) return;
  const page = await callLegacy('getChatMessages', { before });
  queryClient.setQueryData<ChatView>(queryKeys.chatMessages, (latest) =>
    latest
      ? { ...latest, messages: mergeMessages(page.messages, latest.messages), hasOlder: page.hasOlder }
      : latest,
  );
}

/** Reads the latest messages again in full (their photo links expire after 15 minutes). */
export async function refreshChatMessages(queryClient: QueryClient): Promise<void> {
  const page = await callLegacy('getChatMessages', {});
  queryClient.setQueryData<ChatView>(queryKeys.chatMessages, (latest) =>
    latest
      ? { ...page, messages: mergeMessages(latest.messages, page.messages), hasOlder: latest.hasOlder }
      : page,
  );
}
