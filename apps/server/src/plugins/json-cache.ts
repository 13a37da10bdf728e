import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed, ChangeTopic } from '../db/change-feed.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Below this, compressing costs more than it saves (the compress plugin's threshold).
const COMPRESS_FROM = 1024;

/** A response body kept as the bytes sent, with its strong ETag and compressed forms. */
interface Entry {
  body: Buffer;
  etag: string;
  headers: Record<string, string | number>;
  type: string;
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

export interface JsonBody {
  /** The JSON text, already shaped by the route's response schema. */
  json: string;
  headers?: Record<string, string | number>;
  /** The content type when the body is not JSON (a page's HTML, the sitemap). */
  type?: string;
}

/**
 * Public JSON responses kept in this process as serialized bytes, dropped whenever the feed
 * says their topic changed (here or on another instance). A load that started before a
 * change is served to its own request but never stored, so a cache can never keep data
 * older than the last change it was told about. While the feed is disconnected nothing is
 * stored or served from memory.
 */
export function createJsonCache(
  feed: ChangeFeed,
  { topic, maxEntries = 256 }: { topic: ChangeTopic; maxEntries?: number },
) {
  let generation = 0;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry | undefined>>();

  feed.subscribe((changed) => {
    if (changed !== topic && changed !== '*') return;
    generation++;
    entries.clear();
    loading.clear();
  });

  function toEntry(body: JsonBody): Entry {
    const bytes = Buffer.from(body.json);
    return {
      body: bytes,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      headers: body.headers ?? {},
      type: body.type ?? 'application/json; charset=utf-8',
      compressed: {},
    };
  }

  async function get(
    key: string,
    load: () => Promise<JsonBody | undefined>,
  ): Promise<Entry | undefined> {
    const hit = entries.get(key);
    if (hit) {
      // Least recently used goes first when full: re-insert to move it to the back.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    if (!feed.connected) {
      const body = await load();
      return body && toEntry(body);
    }
    const inFlight = loading.get(key);
    if (inFlight) return inFlight;

    const started = generation;
    const loaded: Promise<Entry | undefined> = load()
      .then((body) => {
        const entry = body && toEntry(body);
        if (entry && started === generation && feed.connected) {
          entries.set(key, entry);
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return entry;
      })
      .finally(() => {
        if (loading.get(key) === loaded) loading.delete(key);
      });
    loading.set(key, loaded);
    return loaded;
  }

  return {
    /** The entry for `key`, loaded on a miss; undefined when `load` found nothing. */
    get,
    /**
     * Answers from the cache (loading on a miss): 304 when If-None-Match has the ETag,
     * otherwise the bytes, compressed once per entry when the client accepts it. Resolves to
     * false when `load` found nothing, so the route can answer 404.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<JsonBody | undefined>,
    ): Promise<boolean> {
      const entry = await get(key, load);
      if (!entry) return false;
      reply
        .header('etag', entry.etag)
        // Browsers keep the copy but ask every time; the ETag makes the answer a 304.
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      if (matches(request.headers['if-none-match'], entry.etag)) {
        await reply.code(304).send();
        return true;
      }
      reply.type(entry.type);
      const encoding =
        entry.body.length >= COMPRESS_FROM ? pickEncoding(request.headers['accept-encoding']) : '';
      if (encoding) {
        entry.compressed[encoding] ??= compress(encoding, entry.body);
        reply.header('content-encoding', encoding);
        await reply.send(await entry.compressed[encoding]);
      } else {
        await reply.send(entry.body);
      }
      return true;
    },
  };
}

export type JsonCache = ReturnType<typeof createJsonCache>;

function compress(encoding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          // Fast enough to run on a miss; the result is reused until the next change.
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));
}

/** br over gzip; a coding the client gave q=0 is never chosen. */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | '' {
  if (!acceptEncoding) return '';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return '';
}
