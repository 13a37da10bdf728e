import type { ContactMessage } from '@toolyard/shared';
import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readPage } from '../../db/paging.js';
import { contactMessages } from '../../db/schema.js';

const columns = {
  id: contactMessages.id,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
};

const toMessage = ({
  id,
  createdAt,
  ...rest
}: { id: string; createdAt: Date } & Omit<
  ContactMessage,
  '_id' | 'createdAt'
>): ContactMessage => ({ _id: id, ...rest, createdAt: createdAt.toISOString() });

/** The only code that reads and writes contact messages. */
export function createContactRepository(db: Db) {
  return {
    async createMessage(input: {
      email: string;
      subject: string;
      message: string;
      userId: string | null;
    }): Promise<ContactMessage> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactMessages).values(input).returning(columns);
        if (!row) throw new Error('insert returned no contact message');
        // One mail to each admin, written with the message (ADR 017).
        await tx.execute(sql`
          insert into outbox (topic, recipient, data, dedupe_key)
          select 'contact.received', u.email,
            jsonb_build_object('fromEmail', ${row.email}::text, 'subject', ${row.subject}::text,
              'message', ${row.message}::text, 'sentAt', ${row.createdAt.toISOString()}::text),
            'contact.received:' || ${row.id}::text || ':' || u.id
          from users u where u.role = 'admin' and coalesce(u.banned, false) = false`);
        return toMessage(row);
      });
    },

    /** Newest first; ties (same instant) by id, so pages never overlap. */
    async listMessages(
      page: number,
      pageSize: number,
    ): Promise<{ messages: ContactMessage[]; total: number }> {
      const { rows, total } = await readPage(
        db
          .select(columns)
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
        db.select({ n: count() }).from(contactMessages),
        page,
        pageSize,
      );
      return { messages: rows.map(toMessage), total };
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
