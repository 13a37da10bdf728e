import { parseArgs } from 'node:util';
import { resetDemoData, seedDemoData } from '../db/seed.js';
import { runCli } from './run-cli.js';

/** `npm run db:seed [-- --reset]`: seed an empty database, or rebuild the demo data. */
runCli('seeding', async (database) => {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false } } });
  const result = values.reset ? await resetDemoData(database.db) : await seedDemoData(database.db);
  if (result.seeded) {
    // Instances running on this database drop what they cached of the old catalog.
    const feed = await database.openChangeFeed();
    feed.publish('products', 'reviews');
    await feed.close();
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
});
