import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The architecture's boundaries are lint errors (eslint.config.js, docs/architecture.md): this
// holds the config to them, with code that crosses each one. Nothing here needs a database, so
// it runs once, not once per database.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe.skipIf(process.env.TEST_DB === 'postgres')('the lint boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  /** The no-restricted-imports messages for `code` as if it were the file at `filePath`. */
  async function restricted(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }

  const drizzle = "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n";
  const schema =
    "import type { orders } from '../../db/schema.js';\nexport type O = typeof orders;\n";

  it('refuse Drizzle and the schema in routes and services', async () => {
    for (const file of [
      'apps/server/src/modules/orders/orders.service.ts',
      'apps/server/src/modules/cart/cart.routes.ts',
      'apps/server/src/plugins/web-app.ts',
    ]) {
      expect(await restricted(drizzle, file)).toEqual([
        expect.stringContaining('Only repositories, db/ and cli/ touch Drizzle'),
      ]);
      expect(await restricted(schema, file)).toHaveLength(1);
    }
  });

  it('allow them in repositories, db/ and cli/', async () => {
    for (const file of [
      'apps/server/src/modules/orders/orders.repository.ts',
      'apps/server/src/db/seed.ts',
      'apps/server/src/cli/seed.ts',
    ]) {
      expect(await restricted(drizzle, file)).toEqual([]);
    }
  });

  it('refuse a web feature importing another feature, and allow its own', async () => {
    const fromCatalog = "import { useProduct } from '@/features/catalog/api/get-product';\n";
    expect(await restricted(fromCatalog, 'apps/web/src/features/cart/components/x.tsx')).toEqual([
      expect.any(String),
    ]);
    const own = "import { useCart } from '@/features/cart/api/get-cart';\n";
    expect(await restricted(own, 'apps/web/src/features/cart/components/x.tsx')).toEqual([]);
    // Pages compose features.
    expect(await restricted(fromCatalog, 'apps/web/src/app/routes/cart.tsx')).toEqual([]);
  });

  it('refuse shared web code importing a feature', async () => {
    const fromCart = "import { useCart } from '@/features/cart/api/get-cart';\n";
    expect(await restricted(fromCart, 'apps/web/src/components/ui/x.tsx')).toHaveLength(1);
  });
});
