import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseUnavailableError } from '../db/database-error.js';
import { openDatabaseFromConfig } from '../db/open-from-config.js';
import { resetDemoData, seedDemoData } from '../db/seed.js';

/** `npm run db:seed [-- --reset]`: seed an empty database, or rebuild the demo data. */
async function run() {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });
  const config = loadConfig();
  const database = await openDatabaseFromConfig(config);
  try {
    const result = values.reset
      ? await resetDemoData(database.db)
      : await seedDemoData(database.db);
    if (result.seeded) {
      console.log(
        `Seeded ${result.products} products and ${result.reviews} reviews into ${database.location}.`,
      );
    } else if (result.reason === 'has_data') {
      console.log(
        'The database already has data; nothing seeded. Use --reset to rebuild the demo data.',
      );
    } else {
      console.log(
        'This database was seeded before, or held data when it was first started; nothing seeded. Use --reset to rebuild the demo data.',
      );
    }
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseUnavailableError) {
    console.error(`toolyard: ${err.message}`);
  } else {
    console.error('toolyard: seeding failed:', err);
  }
  process.exit(1);
});
