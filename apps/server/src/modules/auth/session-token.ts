/**
 * The session token lives in an httpOnly cookie (and, for API clients, the set-auth-token header
 * on sign-in); JSON bodies never carry it, so page scripts cannot read it. Every key named
 * `token`, at any depth (a list of sessions holds one per session), leaves the body.
 */
export function withoutSessionTokens(text: string): string {
  if (!text.includes('"token"')) return text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(stripTokens(body));
}

function stripTokens(value: unknown): unknown {
  // A walk with its own stack: no depth of answer can overflow the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) stack.push(item);
      continue;
    }
    const object = node as Record<string, unknown>;
    delete object.token;
    for (const child of Object.values(object)) stack.push(child);
  }
  return value;
}
