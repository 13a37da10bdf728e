import { Redis } from 'ioredis';
import { redactUrl } from '../config.js';
import { StartupError } from '../startup-error.js';

/**
 * Connects to Redis (shared rate-limit counters across instances), or fails start-up with one
 * line. Commands fail fast rather than queue while Redis is away.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', () => {}); // reconnects by itself; per-command errors reach callers
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new StartupError(
      `Cannot connect to Redis at ${redactUrl(url)}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return redis;
}
