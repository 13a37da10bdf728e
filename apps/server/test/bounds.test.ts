import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLocalChangeFeed } from '../src/db/change-feed.js';
import { createMemoryCounter } from '../src/modules/auth/sign-in-limits.js';
import { createThrottledLog } from '../src/plugins/errors.js';
import { createJsonCache } from '../src/plugins/json-cache.js';

// Issue 26, item 13: what a client can key by its own choice (a search, an address, an email,
// a failure's cause) is held in bounded structures, so traffic cannot grow them. Each bound is
// seen from outside: past it, the oldest key is forgotten.
describe('state keyed by what clients choose stays bounded', () => {
  it('the JSON cache keeps its most recently asked answers only', async () => {
    const cache = createJsonCache(createLocalChangeFeed(), { topic: 'products', maxEntries: 3 });
    const loads: string[] = [];
    const ask = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return { json: JSON.stringify({ key }) };
      });
    for (const key of ['q=a', 'q=b', 'q=c', 'q=d']) await ask(key);
    await ask('q=d');
    await ask('q=b');
    expect(loads).toEqual(['q=a', 'q=b', 'q=c', 'q=d']);
    // 'q=a' was the least recently asked of four with room for three.
    await ask('q=a');
    expect(loads).toEqual(['q=a', 'q=b', 'q=c', 'q=d', 'q=a']);
  });

  it('the sign-in failure counters forget the oldest key past their size', async () => {
    const counter = createMemoryCounter(60_000, 3);
    for (const key of ['address:1', 'address:2', 'address:3', 'address:4']) {
      await counter.add(key);
    }
    expect((await counter.get('address:1')).count).toBe(0);
    expect((await counter.get('address:4')).count).toBe(1);
  });

  it("the throttled log's causes are forgotten past 1,000", () => {
    const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
    const throttled = createThrottledLog(60_000);
    const write = (cause: string) => throttled.write(log, 'warn', cause, {}, cause);
    write('cause 0');
    write('cause 0');
    expect(log.warn).toHaveBeenCalledTimes(1);
    for (let i = 1; i <= 1001; i++) write(`cause ${i}`);
    write('cause 0');
    // Forgotten, so said again: the map was emptied rather than grown.
    expect(log.warn).toHaveBeenCalledTimes(1003);
  });
});
