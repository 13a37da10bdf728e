import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseUnavailableError } from '../db/database-error.js';
import { openDatabaseFromConfig } from '../db/open-from-config.js';
import { users } from '../db/schema.js';

/** `npm run user:admin -- <email>`: make an existing user an admin (the first admin, say). */
async function run() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const email = z.email().safeParse(positionals[0]?.trim().toLowerCase());
  if (!email.success) {
    console.error('Usage: npm run user:admin -- <email of an existing user>');
    process.exitCode = 1;
    return;
  }
  const database = await openDatabaseFromConfig(loadConfig());
  try {
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
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseUnavailableError) {
    console.error(`toolyard: ${err.message}`);
  } else {
    console.error('toolyard: could not make the admin:', err);
  }
  process.exit(1);
});
