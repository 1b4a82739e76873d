import type { ContactMessage, MessageResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/contact`: the message goes to our support team by e-mail. */
export function sendContactMessage(message: ContactMessage): Promise<MessageResponse> {
  return publicApi.post<MessageResponse>('/contact', message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
