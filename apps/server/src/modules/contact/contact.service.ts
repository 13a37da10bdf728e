import type { ContactMessage } from '@toolyard/shared';
import type { CurrentUser } from '../auth/session.js';
import type { ContactRepository } from './contact.repository.js';

/** Contact messages: anyone may send one; only admins read them. */
export function createContactService(repo: ContactRepository) {
  return {
    /** Stores a message; a signed-in sender's account is kept with it, the typed email is the reply address. */
    async send(
      sender: CurrentUser | null,
      input: { email: string; subject: string; message: string },
    ): Promise<ContactMessage> {
      return repo.createMessage({ ...input, userId: sender?.id ?? null });
    },

    /** One page of messages, newest first, and how many there are in all. */
    list: (page: number, pageSize: number) => repo.listMessages(page, pageSize),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
