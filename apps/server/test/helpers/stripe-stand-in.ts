import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * Stripe's test payment methods the stand-in knows, with the outcome Stripe documents for
 * each (https://docs.stripe.com/testing).
 */
export const STAND_IN_PAYMENT_METHODS = {
  pm_card_visa: { ok: true, last4: '4242' },
  pm_card_chargeDeclined: {
    ok: false,
    last4: '0002',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    ok: false,
    last4: '9995',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: {
    ok: false,
    last4: '0069',
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
  },
} as const;
export type StandInPaymentMethod = keyof typeof STAND_IN_PAYMENT_METHODS;

/** One API request the stand-in received, for assertions. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form fields, flattened as sent (`metadata[order_id]`). */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  /** The API key the request authenticated with. */
  apiKey: string | undefined;
}

type Intent = Stripe.PaymentIntent;

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, for STRIPE_API_URL. */
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** The shop's settings for this stand-in: STRIPE_* keys and STRIPE_API_URL. */
  readonly env: Record<string, string>;
  readonly requests: RecordedStripeRequest[];
  readonly intents: Map<string, Intent>;
  readonly refunds: Stripe.Refund[];
  /** Where webhooks go; none are sent while unset. */
  webhookUrl: string | undefined;
  /** Makes every API call fail with a 500, as if Stripe were down. */
  down: boolean;
  /** Confirms an intent as Stripe.js would; returns the event it sends (or would send). */
  confirm(id: string, paymentMethod: StandInPaymentMethod): Promise<Stripe.Event>;
  /** A webhook event about an intent as it is now, with a fresh event id. */
  event(type: string, intent: Intent): Stripe.Event;
  /** The body and Stripe-Signature header Stripe would send for an event. */
  sign(event: Stripe.Event, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

export interface StripeStandInOptions {
  port?: number;
  webhookUrl?: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A small Stripe API on 127.0.0.1 that the official SDK can talk to (host/port/protocol):
 * PaymentIntents (create with idempotency keys, retrieve, confirm with test payment methods,
 * cancel), refunds, and webhooks signed with the SDK's own test-header helper. Stripe.js in a
 * browser can confirm too, with the publishable key and the intent's client secret.
 */
export async function startStripeStandIn(
  options: StripeStandInOptions = {},
): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const intents = new Map<string, Intent>();
  const refunds: Stripe.Refund[] = [];
  const requests: RecordedStripeRequest[] = [];
  /** Idempotency key → the request's params and the answer it got, as Stripe keeps them. */
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Stripe.js calls from the shop's pages: allow any origin, as api.stripe.com does.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') return send(res, 204, null);

    const url = new URL(req.url ?? '/', 'http://stand-in');
    const params = Object.fromEntries(
      req.method === 'GET' ? url.searchParams : new URLSearchParams(await readBody(req)),
    );
    // The SDK sends the key as a bearer token; Stripe.js as the form field `key`.
    const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? params.key;
    delete params.key;
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey, apiKey });

    if (standIn.down) return stripeError(res, 500, 'api_error', 'Stripe is down (stand-in).');
    const secret = apiKey === secretKey;
    const publishable = apiKey === publishableKey;
    if (!secret && !publishable) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }

    if (idempotencyKey && req.method === 'POST') {
      const seen = idempotent.get(idempotencyKey);
      const fingerprint = `${url.pathname} ${JSON.stringify(params)}`;
      if (seen) {
        if (seen.params !== fingerprint) {
          return stripeError(
            res,
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        res.setHeader('idempotent-replayed', 'true');
        return send(res, seen.status, seen.body);
      }
      const answer = route(req.method, url.pathname, params, secret);
      idempotent.set(idempotencyKey, { params: fingerprint, ...answer });
      return send(res, answer.status, answer.body);
    }
    const answer = route(req.method ?? 'GET', url.pathname, params, secret);
    return send(res, answer.status, answer.body);
  }

  type Answer = { status: number; body: unknown };
  const error = (status: number, type: string, message: string, extra = {}): Answer => ({
    status,
    body: { error: { type, message, ...extra } },
  });

  function route(
    method: string,
    path: string,
    params: Record<string, string>,
    secret: boolean,
  ): Answer {
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    const intent = intentPath?.[1] ? intents.get(intentPath[1]) : undefined;
    // With a publishable key, Stripe.js may touch an intent only with its client secret.
    if (!secret && !(intent && params.client_secret === intent.client_secret)) {
      return error(401, 'invalid_request_error', 'This call needs a secret key.');
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (!intentPath) return error(404, 'invalid_request_error', `Unrecognized request URL.`);
    if (!intent) {
      return error(404, 'invalid_request_error', `No such payment_intent: '${intentPath[1]}'`, {
        code: 'resource_missing',
      });
    }
    if (method === 'GET' && !intentPath[2]) return { status: 200, body: intent };
    if (method === 'POST' && intentPath[2] === '/cancel') return cancelIntent(intent);
    if (method === 'POST' && intentPath[2] === '/confirm') {
      const answer = confirmIntent(intent, params.payment_method as StandInPaymentMethod);
      void deliver(answer.event);
      return answer;
    }
    return error(404, 'invalid_request_error', 'Unrecognized request URL.');
  }

  function createIntent(params: Record<string, string>): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    const pi = id('pi');
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
    );
    const intent = {
      id: pi,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: params.currency ?? 'usd',
      client_secret: `${pi}_secret_${randomBytes(12).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: ['card'],
      automatic_payment_methods:
        params['automatic_payment_methods[enabled]'] === 'true'
          ? { enabled: true, allow_redirects: 'always' }
          : null,
      status: 'requires_payment_method',
    } as unknown as Intent;
    intents.set(pi, intent);
    return { status: 200, body: intent };
  }

  function confirmIntent(
    intent: Intent,
    paymentMethod: StandInPaymentMethod | undefined,
  ): Answer & { event: Stripe.Event | undefined } {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      return {
        ...error(
          400,
          'invalid_request_error',
          `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
          { code: 'payment_intent_unexpected_state' },
        ),
        event: undefined,
      };
    }
    const method = paymentMethod ? STAND_IN_PAYMENT_METHODS[paymentMethod] : undefined;
    if (!method) {
      return {
        ...error(400, 'invalid_request_error', 'No such PaymentMethod.', {
          code: 'resource_missing',
        }),
        event: undefined,
      };
    }
    const pm = id('pm');
    if (method.ok) {
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: id('ch'),
        payment_method: pm,
        last_payment_error: null,
      });
      return {
        status: 200,
        body: intent,
        event: standIn.event('payment_intent.succeeded', intent),
      };
    }
    const lastError = {
      type: 'card_error',
      code: method.code,
      decline_code: method.decline_code,
      message: method.message,
    };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError });
    return {
      status: 402,
      body: { error: { ...lastError, payment_intent: intent } },
      event: standIn.event('payment_intent.payment_failed', intent),
    };
  }

  function cancelIntent(intent: Intent): Answer {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return error(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    Object.assign(intent, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    return { status: 200, body: intent };
  }

  function createRefund(params: Record<string, string>): Answer {
    const intent = params.payment_intent ? intents.get(params.payment_intent) : undefined;
    if (!intent) return error(404, 'invalid_request_error', 'No such payment_intent.');
    if (intent.status !== 'succeeded') {
      return error(400, 'invalid_request_error', 'This PaymentIntent has no successful charge.');
    }
    const refunded = refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount ? Number(params.amount) : intent.amount - refunded;
    if (amount <= 0 || refunded + amount > intent.amount) {
      return error(400, 'invalid_request_error', 'Charge has already been refunded.', {
        code: 'charge_already_refunded',
      });
    }
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    } as unknown as Stripe.Refund;
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  async function deliver(event: Stripe.Event | undefined) {
    if (!event || !standIn.webhookUrl) return;
    const { payload, signature } = standIn.sign(event);
    await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    }).catch(() => {});
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    },
    requests,
    intents,
    refunds,
    webhookUrl: options.webhookUrl,
    down: false,
    async confirm(intentId, paymentMethod) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const { event } = confirmIntent(intent, paymentMethod);
      if (!event) throw new Error(`intent ${intentId} is ${intent.status}; cannot confirm`);
      await deliver(event);
      return event;
    },
    event: (type, intent) =>
      ({
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: structuredClone(intent) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      }) as unknown as Stripe.Event,
    sign(event, secret = webhookSecret) {
      const payload = JSON.stringify(event, null, 2);
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return standIn;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, body === null ? {} : { 'content-type': 'application/json' });
  res.end(body === null ? undefined : JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string) {
  send(res, status, { error: { type, message } });
}
