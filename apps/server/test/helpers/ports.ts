import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Ports are picked below the kernel's ephemeral range (32768-60999 on Linux). A port found free
// there can be taken, before the server that was promised it listens, by the local end of any
// outgoing connection: the suite opens thousands to PostgreSQL. The CI run on 2026-11-26 lost
// the cluster test that way (EADDRINUSE on 127.0.0.1:33628). Below the range only another test's
// listener can collide, and the probe sees those.
const LOWEST = 20_000;
const ephemeralStart = (() => {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return start && start > LOWEST + 2_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
})();

/**
 * The first of `count` consecutive TCP ports on 127.0.0.1 that nothing listens on right now,
 * all below the ephemeral range.
 */
export async function freePorts(count = 1): Promise<number> {
  const span = ephemeralStart - LOWEST - count;
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = LOWEST + Math.floor(Math.random() * span);
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${count} free consecutive ports below ${ephemeralStart}`);
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return freePorts(1);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
