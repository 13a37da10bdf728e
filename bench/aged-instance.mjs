// Mixed traffic that ages an instance (issue 26, item 13): sign-ups and failed sign-ins from
// many client addresses (127.x.y.z: Linux routes the whole 127/8 to loopback, and the server
// trusts no proxy, so each is a client of its own), searches that are all different, orders,
// payments and checkouts by the buyers signed up, and the mails all of these send.
import http from 'node:http';
import { randomBytes } from 'node:crypto';

const word = () => randomBytes(4).toString('hex');
const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** Drives `base` for `seconds` with `workers` clients at once; resolves to answers by status. */
export async function ageInstance(base, seconds, workers = 8) {
  const url = new URL(base);
  let addresses = 0;
  const nextAddress = () => {
    addresses++;
    return `127.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255 || 1}`;
  };
  const statuses = {};
  const request = (method, path, { body, headers = {}, from = nextAddress() } = {}) =>
    new Promise((resolve) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          localAddress: from,
          headers: {
            origin: base,
            'accept-encoding': 'br, gzip',
            ...(data ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            resolve({
              status: res.statusCode,
              headers: res.headers,
              text: String(Buffer.concat(chunks)),
            });
          });
        },
      );
      req.on('error', () => resolve({ status: 0, headers: {}, text: '' }));
      req.end(data);
    });

  const products = JSON.parse(
    (await request('GET', '/api/tool', { headers: { 'accept-encoding': 'identity' } })).text,
  );
  const buyers = [];
  const signUp = async () => {
    const from = nextAddress();
    const email = `aged-${word()}@example.com`;
    const password = `Correct horse ${word()} battery`;
    const res = await request('POST', '/api/auth/sign-up/email', {
      body: { name: `Aged ${word()}`, email, password },
      from,
    });
    if (res.status !== 200) return;
    const signIn = await request('POST', '/api/auth/sign-in/email', {
      body: { email, password },
      from,
    });
    const token = signIn.headers['set-auth-token'];
    if (token) buyers.push({ from, headers: { authorization: `Bearer ${token}` } });
  };
  const asBuyer = (work) => () => (buyers.length === 0 ? signUp() : work(pick(buyers)));
  const order = asBuyer(async (buyer) => {
    const product = pick(products);
    const placed = await request('POST', '/api/order', {
      ...buyer,
      headers: { ...buyer.headers, 'idempotency-key': word() + word() },
      body: {
        itemId: product._id,
        OrderQuantity: product.MinOrderQuantity,
        Contact: '555 0100',
        Address: '1 Bench Street',
      },
    });
    if (placed.status !== 201) return;
    await request('POST', `/api/order/${JSON.parse(placed.text)._id}/pay`, {
      ...buyer,
      headers: { ...buyer.headers, 'idempotency-key': word() + word() },
      body: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
  });
  const checkout = asBuyer(async (buyer) => {
    const product = pick(products);
    await request('PUT', `/api/cart/lines/${product._id}`, {
      ...buyer,
      body: { quantity: product.MinOrderQuantity },
    });
    await request('POST', '/api/checkout', {
      ...buyer,
      headers: { ...buyer.headers, 'idempotency-key': word() + word() },
      body: { Contact: '555 0100', Address: '1 Bench Street' },
    });
  });
  // Weighted as a shop's traffic might be, with more new addresses than a shop would see.
  const actions = [
    [30, () => request('GET', `/api/tool?q=${word()}&page=1`)],
    [10, () => request('GET', `/api/tool/facets?q=${word()}`)],
    [10, () => request('GET', `/api/tool/${pick(products)._id}`)],
    [5, () => request('GET', `/tool/${pick(products)._id}`)],
    [8, signUp],
    [
      8,
      () =>
        request('POST', '/api/auth/sign-in/email', {
          body: { email: `nobody-${word()}@example.com`, password: 'not the password' },
        }),
    ],
    [
      3,
      () =>
        request('POST', '/api/auth/request-password-reset', {
          body: { email: `nobody-${word()}@example.com`, redirectTo: '/reset-password' },
        }),
    ],
    [3, () => request('GET', `/${word()}/${word()}`)],
    [12, order],
    [6, checkout],
    [5, asBuyer((buyer) => request('GET', '/api/auth/get-session', buyer))],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  const choose = () => {
    let x = Math.random() * total;
    for (const [weight, action] of actions) if ((x -= weight) < 0) return action;
    return actions[0][1];
  };
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline) {
        await choose()();
        done++;
      }
    }),
  );
  return { actions: done, addresses, buyers: buyers.length, statuses };
}
