import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { createProduct } from './helpers/catalog.js';
import { DELIVERY } from './helpers/orders.js';

/**
 * The calls of the spec's original web client, replayed as it makes them: bearer tokens (no
 * cookie, no Origin), numbers typed into text inputs sent as strings, the email-only
 * PUT /user/{email} after every sign-in, and the Add Items form's four fields.
 */
describe("the spec's original client", () => {
  let t: TestApp;
  let admin: Account;
  let buyer: Account;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_EMAILS: adminEmail } });
    admin = await signUp(t.app, { email: adminEmail, name: 'Yard Admin' });
    buyer = await signUp(t.app, { name: 'Birch Buyer' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    account: Account | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: account ? { authorization: `Bearer ${account.token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  describe('PUT /api/user/{email} with only the email, after every sign-in', () => {
    it('answers 200 with the profile, changes nothing and carries no token', async () => {
      const res = await call(buyer, 'PUT', `/api/user/${buyer.email}`, { email: buyer.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: buyer.email,
        name: 'Birch Buyer',
        phone: null,
        address: null,
      });
      // API clients take their token from the sign-in's set-auth-token header.
      expect(res.body).not.toContain(buyer.token);
      expect(Object.keys(res.json()).sort()).toEqual(['address', 'email', 'name', 'phone']);
    });

    it('keeps a saved phone and address, and also takes an empty body or another casing', async () => {
      const other = await signUp(t.app, { name: 'Oak Office' });
      const saved = await call(other, 'PUT', `/api/user/${other.email}`, {
        phone: '+1 555 0100',
        address: '1 Yard Lane',
      });
      expect(saved.statusCode).toBe(200);
      const profile = {
        email: other.email,
        name: 'Oak Office',
        phone: '+1 555 0100',
        address: '1 Yard Lane',
      };
      for (const body of [
        { email: other.email },
        { email: ` ${other.email.toUpperCase()} ` },
        {},
        undefined,
      ]) {
        const res = await call(other, 'PUT', `/api/user/${other.email}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(200);
        expect(res.json()).toEqual(profile);
      }
      // The email may come along with a real change too.
      const both = await call(other, 'PUT', `/api/user/${other.email}`, {
        email: other.email,
        phone: '',
        address: '2 Yard Lane',
      });
      expect(both.statusCode).toBe(200);
      expect(both.json()).toEqual({ ...profile, phone: null, address: '2 Yard Lane' });
    });

    it('refuses another email in the body, and keeps who may call it', async () => {
      const res = await call(buyer, 'PUT', `/api/user/${buyer.email}`, { email: admin.email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_input',
        fields: { email: expect.any(String) },
      });
      const notEmail = await call(buyer, 'PUT', `/api/user/${buyer.email}`, { email: 'nobody' });
      expect(notEmail.statusCode).toBe(400);
      expect(notEmail.json().fields).toHaveProperty('email');

      expect(
        (await call(undefined, 'PUT', `/api/user/${buyer.email}`, { email: buyer.email }))
          .statusCode,
      ).toBe(401);
      expect(
        (await call(admin, 'PUT', `/api/user/${buyer.email}`, { email: buyer.email })).statusCode,
      ).toBe(403);
      expect(
        (await call(buyer, 'PUT', `/api/user/${admin.email}`, { email: admin.email })).statusCode,
      ).toBe(403);
      // A half-filled profile is still refused, naming what is missing.
      const half = await call(buyer, 'PUT', `/api/user/${buyer.email}`, {
        email: buyer.email,
        phone: '1',
      });
      expect(half.statusCode).toBe(400);
      expect(half.json().fields).toHaveProperty('address');
    });
  });

  it('adds a product from the four fields of Add Items, price as text, out of stock until stocked', async () => {
    const res = await call(admin, 'POST', '/api/tool', {
      name: 'Mortise Chisel',
      description: 'Bevel-edged, 12 mm.',
      price: '24.99',
      img: 'https://example.com/chisel.jpg',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      _id: expect.any(String),
      name: 'Mortise Chisel',
      description: 'Bevel-edged, 12 mm.',
      price: 24.99,
      img: 'https://example.com/chisel.jpg',
      AvailableQuantity: 0,
      MinOrderQuantity: 1,
      // Issue 19: a SKU made from its number, and no category yet.
      sku: expect.stringMatching(/^TY-\d{5}$/),
      categoryId: null,
    });
    expect((await call(undefined, 'GET', `/api/tool/${created._id}`)).json()).toEqual(created);

    // Out of stock: an order of it is refused, whatever the quantity.
    const refused = await call(buyer, 'POST', '/api/order', {
      itemId: created._id,
      OrderQuantity: '1',
      ...DELIVERY,
    });
    expect(refused.statusCode).toBe(409);

    const stocked = await call(admin, 'PUT', `/api/tool/${created._id}`, {
      name: 'Mortise Chisel',
      description: 'Bevel-edged, 12 mm.',
      price: ' 25.5 ',
      img: 'https://example.com/chisel.jpg',
      AvailableQuantity: '60',
      MinOrderQuantity: '2',
    });
    expect(stocked.statusCode).toBe(200);
    expect(stocked.json()).toMatchObject({
      price: 25.5,
      AvailableQuantity: 60,
      MinOrderQuantity: 2,
    });
  });

  it("places an order with the purchase modal's body, the quantity as text", async () => {
    const itemId = await createProduct(t.database, { priceCents: 2499, availableQuantity: 50 });
    const res = await call(buyer, 'POST', '/api/order', {
      itemId,
      ItemName: 'Whatever the page showed',
      OrderQuantity: '12',
      price: '24.99',
      BuyerName: 'Birch Buyer',
      BuyerEmail: buyer.email,
      Contact: '555 0100',
      Address: '1 Yard Lane',
      totalCost: 299.88,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      itemId,
      OrderQuantity: 12,
      price: 24.99,
      totalCost: 299.88,
      BuyerEmail: buyer.email,
      Contact: '555 0100',
      Address: '1 Yard Lane',
      paid: false,
    });
    expect((await call(undefined, 'GET', `/api/tool/${itemId}`)).json().AvailableQuantity).toBe(38);
  });

  it('posts a review with the rating as text', async () => {
    const reviewer = await signUp(t.app);
    const res = await call(reviewer, 'POST', '/api/review', {
      name: 'Birch & Beam',
      words: 'Sharp saws.',
      rating: '5',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      name: 'Birch & Beam',
      words: 'Sharp saws.',
      rating: 5,
    });
    const list = (await call(undefined, 'GET', '/api/review')).json();
    expect(list).toContainEqual(res.json());
  });

  const notNumbers: [string, unknown][] = [
    ['letters after the digits', '12abc'],
    ['empty text', ''],
    ['only spaces', '   '],
    ['an exponent', '1e3'],
    ['hexadecimal', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['a decimal comma', '1,5'],
    ['a plus sign', '+5'],
    ['a lone point', '.'],
    ['two numbers', '1 2'],
    ['an array', ['12']],
    ['an object', { value: 12 }],
    ['a boolean', true],
    ['null', null],
  ];

  describe.each([
    {
      field: 'OrderQuantity',
      message: 'Quantity must be a number',
      send: async (value: unknown) =>
        call(buyer, 'POST', '/api/order', {
          itemId: '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d',
          OrderQuantity: value,
          ...DELIVERY,
        }),
    },
    {
      field: 'rating',
      message: 'Choose a rating',
      send: async (value: unknown) =>
        call(await signUp(t.app), 'POST', '/api/review', { name: 'Co', words: 'x', rating: value }),
    },
    ...(['price', 'AvailableQuantity', 'MinOrderQuantity'] as const).map((field) => ({
      field,
      message: {
        price: 'Price must be a number',
        AvailableQuantity: 'Available quantity must be a number',
        MinOrderQuantity: 'Minimum order quantity must be a number',
      }[field],
      send: (value: unknown) =>
        call(admin, 'POST', '/api/tool', {
          name: 'Spoke Shave',
          price: 9.5,
          img: '/images/tools/claw-hammer.svg',
          AvailableQuantity: 5,
          MinOrderQuantity: 1,
          [field]: value,
        }),
    })),
  ])('$field', ({ field, message, send }) => {
    it.each(notNumbers)('refuses %s with the field message', async (_what, value) => {
      const res = await send(value);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input', fields: { [field]: message } });
    });
  });

  it.each([
    ['OrderQuantity', '0', 'Quantity must be at least 1'],
    ['OrderQuantity', '2.5', 'Quantity must be a whole number'],
    ['OrderQuantity', '1000001', 'Quantity must be at most 1,000,000'],
    ['OrderQuantity', ' 2147483648 ', 'Quantity must be at most 1,000,000'],
    ['rating', '6', 'Choose a rating from 1 to 5'],
    ['rating', '4.5', 'Choose a rating from 1 to 5'],
    ['price', '0.001', 'Price must be at least 0.01'],
    ['price', '-3', 'Price must be more than 0'],
    ['price', '24.999', 'Price can have at most two decimals'],
    ['AvailableQuantity', '-1', 'Available quantity must be at least 0'],
    ['MinOrderQuantity', '0', 'Minimum order quantity must be at least 1'],
  ])('keeps the limits of %s for the text %j', async (field, value, message) => {
    const res =
      field === 'OrderQuantity'
        ? await call(buyer, 'POST', '/api/order', {
            itemId: '8e0f4a0e-9c7e-4d7e-9d5c-1f4b7b1a2c3d',
            OrderQuantity: value,
            ...DELIVERY,
          })
        : field === 'rating'
          ? await call(await signUp(t.app), 'POST', '/api/review', { name: 'Co', rating: value })
          : await call(admin, 'POST', '/api/tool', {
              name: 'Spoke Shave',
              price: 9.5,
              img: '/images/tools/claw-hammer.svg',
              [field]: value,
            });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
  });
});
