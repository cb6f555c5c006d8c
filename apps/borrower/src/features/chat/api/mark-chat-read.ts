import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ChatView } from './get-chat-messages';

/** markChatRead.php: the borrower has seen the conversation up to a message; updates the counts. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => callLegacy('markChatRead', { upTo }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(queryKeys.chatUnread, unread);
      queryClient.setQueryData<ChatView>(queryKeys.chatMessages, (current) =>
        current ? { ...current, unread } : current,
      );
    },
  });
}
