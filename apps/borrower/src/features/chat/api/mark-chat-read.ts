import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { chatKeys, type ChatView } from './get-chat-messages';

/** markChatRead.php: the borrower has seen the conversation up to a message; updates the counts. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => callLegacy('markChatRead', { upTo }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(chatKeys.unread(), unread);
      queryClient.setQueryData<ChatView>(chatKeys.messages(), (current) =>
        current ? { ...current, unread } : current,
      );
    },
  });
}
