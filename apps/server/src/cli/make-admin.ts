import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema.js';
import { runCli } from './run-cli.js';

/** `npm run user:admin -- <email>`: make an existing user an admin (the first admin, say). */
const { positionals } = parseArgs({ allowPositionals: true });
const email = z.email().safeParse(positionals[0]?.trim().toLowerCase());
if (!email.success) {
  console.error('Usage: npm run user:admin -- <email of an existing user>');
  process.exit(1);
}

runCli('making the admin', async (database) => {
  const [user] = await database.db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.data))
    .returning({ email: users.email });
  if (!user) {
    console.error(
      `toolyard: no user with the email ${email.data}; sign up first, then run this again.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`${user.email} is now an admin.`);
});
