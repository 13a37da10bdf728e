import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** The person who "signs in" at the stand-in's authorization endpoint (no UI). */
export interface StandInUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

/** Ways to make the provider misbehave, for negative tests. Reset with `reset()`. */
export interface StandInFaults {
  /** `aud` of the id_token instead of the client id. */
  audience?: string;
  /** `iss` of the id_token instead of the stand-in's own issuer. */
  issuer?: string;
  /** `nonce` of the id_token instead of the one sent to /authorize (null: no nonce claim). */
  nonce?: string | null;
  /** Change the id_token's payload after signing (the email), so the signature no longer fits. */
  tamperSignature?: boolean;
  /** `iss` on the redirect back to the client instead of the stand-in's own issuer. */
  redirectIssuer?: string;
  /** Publish no `jwks_uri` in discovery, so a client cannot verify id_tokens. */
  omitJwksUri?: boolean;
}

export interface StandInOptions {
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs; /authorize refuses any other. */
  redirectUris: readonly string[];
  user?: StandInUser;
  /** Fixed port (browser tests need a known issuer); random when omitted. */
  port?: number;
}

/** One request the stand-in received, for assertions (PKCE used, secret sent, ...). */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Query parameters for GET, form fields for POST. */
  params: Record<string, string>;
  /** How the client authenticated at /token, when it did. */
  clientAuth?: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcStandIn {
  /** The stand-in's base URL, also its `iss`: http://127.0.0.1:<port>. */
  readonly issuer: string;
  readonly requests: RecordedRequest[];
  /** Who signs in next. */
  user: StandInUser;
  faults: StandInFaults;
  /** Forget requests and faults, and sign in the default user again. */
  reset(): void;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  scope: string;
  user: StandInUser;
  expiresAt: number;
}

const defaultUser: StandInUser = {
  sub: '100000000000000000001',
  email: 'grace@example.com',
  email_verified: true,
  name: 'Grace Hopper',
  picture: 'https://example.com/grace.png',
};

/**
 * A small but real OpenID Connect provider on 127.0.0.1, standing in for Google in tests:
 * discovery, JWKS, the authorization-code flow with PKCE (S256 only), client secrets (basic or
 * post), once-only codes, RS256 id_tokens carrying the nonce, and userinfo. Nothing leaves the
 * machine.
 */
export async function startOidcStandIn(options: StandInOptions): Promise<OidcStandIn> {
  const kid = `stand-in-${randomBytes(4).toString('hex')}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, StandInUser>();
  const requests: RecordedRequest[] = [];
  let issuer = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        json(res, 500, { error: 'server_error', error_description: String(err) });
      else res.end();
    });
  });

  const standIn: OidcStandIn = {
    get issuer() {
      return issuer;
    },
    requests,
    user: { ...defaultUser },
    faults: {},
    reset() {
      requests.length = 0;
      standIn.user = { ...(options.user ?? defaultUser) };
      standIn.faults = {};
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  standIn.reset();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    const method = req.method ?? 'GET';
    const params =
      method === 'POST'
        ? Object.fromEntries(new URLSearchParams(await readBody(req)))
        : Object.fromEntries(url.searchParams);
    const record: RecordedRequest = { method, path: url.pathname, params };
    requests.push(record);

    switch (`${method} ${url.pathname}`) {
      case 'GET /.well-known/openid-configuration':
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          ...(standIn.faults.omitJwksUri ? {} : { jwks_uri: `${issuer}/jwks` }),
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          grant_types_supported: ['authorization_code'],
          scopes_supported: ['openid', 'email', 'profile'],
          claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'email'],
        });
      case 'GET /jwks':
        return json(res, 200, { keys: [publicJwk] });
      case 'GET /authorize':
        return authorize(params, res);
      case 'POST /token':
        return token(req, params, record, res);
      case 'GET /userinfo':
        return userinfo(req, res);
      default:
        return json(res, 404, { error: 'not_found' });
    }
  }

  function authorize(params: Record<string, string>, res: ServerResponse) {
    // Without a client and a registered redirect URI there is nowhere safe to send an error.
    if (params.client_id !== options.clientId) {
      return json(res, 400, { error: 'invalid_client', error_description: 'unknown client_id' });
    }
    const redirectUri = params.redirect_uri;
    if (!redirectUri || !options.redirectUris.includes(redirectUri)) {
      return json(res, 400, {
        error: 'invalid_request',
        error_description: `redirect_uri not registered: ${redirectUri ?? '(none)'}`,
      });
    }
    const back = new URL(redirectUri);
    if (params.state !== undefined) back.searchParams.set('state', params.state);
    back.searchParams.set('iss', standIn.faults.redirectIssuer ?? issuer);
    const refuse = (error: string, description: string) => {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', description);
      return redirect(res, back);
    };

    if (params.response_type !== 'code') {
      return refuse('unsupported_response_type', 'only response_type=code');
    }
    if (!params.code_challenge || params.code_challenge_method !== 'S256') {
      return refuse('invalid_request', 'PKCE with code_challenge_method=S256 is required');
    }
    const scopes = (params.scope ?? '').split(' ');
    if (!scopes.includes('openid')) return refuse('invalid_scope', 'openid scope is required');

    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId: params.client_id,
      redirectUri,
      codeChallenge: params.code_challenge,
      nonce: params.nonce,
      scope: scopes.join(' '),
      user: { ...standIn.user },
      expiresAt: Date.now() + 60_000,
    });
    back.searchParams.set('code', code);
    return redirect(res, back);
  }

  async function token(
    req: IncomingMessage,
    params: Record<string, string>,
    record: RecordedRequest,
    res: ServerResponse,
  ) {
    const client = clientCredentials(req, params);
    if (!client) return json(res, 401, { error: 'invalid_client' });
    record.clientAuth = client.method;
    if (client.id !== options.clientId || !sameSecret(client.secret, options.clientSecret)) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (params.grant_type !== 'authorization_code') {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }

    const issued = params.code ? codes.get(params.code) : undefined;
    // A code is good once, even when the exchange then fails.
    if (params.code) codes.delete(params.code);
    if (!issued || issued.expiresAt < Date.now() || issued.clientId !== client.id) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'unknown or used code' });
    }
    if (params.redirect_uri !== issued.redirectUri) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    }
    const verifier = params.code_verifier;
    if (!verifier || pkceChallenge(verifier) !== issued.codeChallenge) {
      return json(res, 400, {
        error: 'invalid_grant',
        error_description: 'PKCE verification failed',
      });
    }

    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, issued.user);
    return json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: issued.scope,
      id_token: await idToken(issued),
    });
  }

  async function idToken(issued: IssuedCode): Promise<string> {
    const { faults } = standIn;
    const nonce = faults.nonce === undefined ? issued.nonce : faults.nonce;
    const claims: JWTPayload = {
      email: issued.user.email,
      email_verified: issued.user.email_verified,
      name: issued.user.name,
      ...(issued.user.picture ? { picture: issued.user.picture } : {}),
      ...(nonce === null || nonce === undefined ? {} : { nonce }),
    };
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(faults.issuer ?? issuer)
      .setSubject(issued.user.sub)
      .setAudience(faults.audience ?? issued.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    if (!faults.tamperSignature) return jwt;

    // Someone in the middle rewrites the email but cannot re-sign.
    const [header, payload, signature] = jwt.split('.');
    const changed = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as JWTPayload;
    changed.email = `mallory+${issued.user.email}`;
    return [header, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature].join(
      '.',
    );
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const user = match?.[1] ? accessTokens.get(match[1]) : undefined;
    if (!user) {
      res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      return json(res, 401, { error: 'invalid_token' });
    }
    return json(res, 200, { ...user });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function clientCredentials(
  req: IncomingMessage,
  params: Record<string, string>,
): { id: string; secret: string; method: NonNullable<RecordedRequest['clientAuth']> } | null {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString();
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
      method: 'client_secret_basic',
    };
  }
  if (params.client_id && params.client_secret) {
    return { id: params.client_id, secret: params.client_secret, method: 'client_secret_post' };
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: URL) {
  res.writeHead(302, { location: location.toString(), 'cache-control': 'no-store' });
  res.end();
}
