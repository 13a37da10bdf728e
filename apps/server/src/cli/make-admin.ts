import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createUsersService } from '../modules/users/users.service.js';
import { runCli } from './run-cli.js';

/**
 * `npm run user:admin -- <email>`: make an existing user an admin (the first admin, say), by
 * the same rule as the All Users page: the owner must have confirmed the address.
 */
const { positionals } = parseArgs({ allowPositionals: true });
const email = z.email().safeParse(positionals[0]?.trim().toLowerCase());
if (!email.success) {
  console.error('Usage: npm run user:admin -- <email of an existing user>');
  process.exit(1);
}

runCli('making the admin', async (database) => {
  // Instances running on this database see the new role at once.
  const feed = await database.openChangeFeed();
  try {
    const users = createUsersService(createUsersRepository(database.db), feed);
    const user = await users.setRole(email.data, 'admin');
    console.log(`${user.email} is now an admin.`);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const why: Partial<Record<string, string>> = {
      not_found: `no user with the email ${email.data}; sign up first, then run this again.`,
      email_not_verified: `${err.message} Without SMTP_URL the shop prints that link on its console. Then run this again.`,
    };
    console.error(`toolyard: ${why[err.code] ?? err.message}`);
    process.exitCode = 1;
  } finally {
    await feed.close();
  }
});
