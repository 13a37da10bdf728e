import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.js';
import { composeMail } from '../src/modules/mail/compose.js';
import { createMailTransport } from '../src/modules/mail/mail-transport.js';
import { createOutboxWorker } from '../src/modules/mail/outbox-worker.js';
import { enqueueMail } from '../src/modules/mail/outbox.repository.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';

describe('the outbox forgets what it is done with', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const event = (to: string) =>
    ({ topic: 'account.exists', to, data: { name: 'Kept Or Not' } }) as const;

  it('after 30 days: sent, kept, skipped and given-up messages go; recent and unsent ones stay', async () => {
    const db = t.database.db;
    const addresses = [
      'old-sent',
      'old-kept',
      'old-skipped',
      'old-failed',
      'new-sent',
      'old-pending',
    ].map((a) => `${a}-${Date.now()}@example.com`);
    for (const to of addresses) await enqueueMail(db, event(to));
    const ids = Object.fromEntries(
      (
        await db
          .select({ id: outbox.id, to: outbox.recipient })
          .from(outbox)
          .where(inArray(outbox.recipient, addresses))
      ).map((r) => [r.to.split('-').slice(0, 2).join('-'), r.id]),
    );
    const monthAgo = sql`now() - interval '31 days'`;
    const set = (id: string, values: Record<string, unknown>) =>
      db.update(outbox).set(values).where(eq(outbox.id, id));
    await set(ids['old-sent'] as string, { sentAt: monthAgo, createdAt: monthAgo });
    await set(ids['old-kept'] as string, { keptAt: monthAgo, createdAt: monthAgo });
    await set(ids['old-skipped'] as string, { skippedAt: monthAgo, createdAt: monthAgo });
    await set(ids['old-failed'] as string, { failedAt: monthAgo, createdAt: monthAgo });
    await set(ids['new-sent'] as string, { sentAt: sql`now()` });
    // Due in a month's time: not done with, however old.
    await set(ids['old-pending'] as string, {
      createdAt: monthAgo,
      availableAt: sql`now() + interval '30 days'`,
    });

    const worker = createOutboxWorker({
      repo: t.app.mailer.repo,
      transport: createMailTransport({
        smtpUrl: undefined,
        from: 'Toolyard <shop@example.com>',
        messageIdDomain: 'localhost',
        printLinks: false,
      }),
      compose: composeMail,
      shop: { name: 'Toolyard', origin: 'http://localhost:3000' },
      log: { info: () => {}, warn: () => {} },
    });
    await worker.run();

    const left = await db
      .select({ to: outbox.recipient })
      .from(outbox)
      .where(inArray(outbox.recipient, addresses));
    expect(left.map((r) => r.to.split('-').slice(0, 2).join('-')).sort()).toEqual([
      'new-sent',
      'old-pending',
    ]);
  });
});
