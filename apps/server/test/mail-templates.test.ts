import { describe, expect, it } from 'vitest';
import { composeMail } from '../src/modules/mail/compose.js';
import {
  mailTopics,
  type ComposedMail,
  type MailEvent,
  type MailOrder,
  type MailTopic,
  type MailTopics,
  type ShopFacts,
} from '../src/modules/mail/topics.js';

const shop: ShopFacts = { name: 'Toolyard', origin: 'https://shop.example.com' };
const orderId = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const ref = 'TY-100234';

const order: MailOrder = {
  orderId,
  number: 100234,
  buyerName: 'Ada Lovelace',
  lines: [
    { name: 'Claw hammer', quantity: 2, priceCents: 1250, totalCents: 2500 },
    { name: 'Panel saw', quantity: 1, priceCents: 123450, totalCents: 123450 },
  ],
  totalCents: 125950,
  contact: '+1 555 0100',
  address: '12 Elm Street\nSpringfield 40404',
  placedAt: '2026-11-25T09:30:00.000Z',
};

/** One sample per topic; the type fails to compile when a topic has none. */
const samples: { [T in MailTopic]: MailTopics[T] } = {
  'account.verify': {
    name: 'Ada',
    url: 'https://shop.example.com/api/auth/verify-email?token=abc',
    changingEmail: false,
  },
  'account.exists': { name: 'Ada' },
  'account.reset': { name: 'Ada', url: 'https://shop.example.com/reset-password?token=xyz' },
  'account.password-changed': { name: 'Ada' },
  'order.received': { ...order, holdEndsAt: '2026-11-26T14:05:00.000Z' },
  'order.paid': { ...order, amountCents: 125950, cardLast4: '4242' },
  'order.shipped': order,
  'order.cancelled': { ...order, by: 'buyer' },
  'order.refunded': { ...order, amountCents: 2500 },
  'order.expiring': { ...order, holdEndsAt: '2026-11-26T14:05:00.000Z' },
  'order.expired': order,
  'contact.received': {
    fromEmail: 'visitor@example.com',
    subject: 'Bulk order of claw hammers',
    message: 'Can you ship 200 hammers?\nWe need them by March.',
    sentAt: '2026-11-24T08:00:00.000Z',
  },
};

function compose<T extends MailTopic>(topic: T, data: MailTopics[T] = samples[topic]) {
  return composeMail({ topic, to: 'reader@example.com', data } as MailEvent, shop);
}

const entities: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&amp;': '&',
};

/** What a reader sees of the HTML part: tags dropped, entities decoded, spaces collapsed. */
function seen(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:lt|gt|quot|amp|#x27|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ');
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Each fact is in the HTML part as the reader sees it, and in the text part. */
function expectInBoth(mail: ComposedMail, ...facts: string[]) {
  for (const fact of facts) {
    expect(seen(mail.html), `html: ${fact}`).toContain(fact);
    expect(flat(mail.text), `text: ${fact}`).toContain(fact);
  }
}

/** The link is a real link in the HTML part, and its address is written out in the text part. */
function expectLink(mail: ComposedMail, url: string) {
  expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  expect(mail.text).toContain(url);
}

function expectOrder(mail: ComposedMail) {
  expectInBoth(
    mail,
    'Ada Lovelace',
    `Order ${ref}, placed 25 November 2026, 09:30 UTC`,
    'Claw hammer 2 $12.50 $25.00',
    'Panel saw 1 $1,234.50 $1,234.50',
    'Total $1,259.50',
    'Delivery address',
    '12 Elm Street',
    'Springfield 40404',
    '+1 555 0100',
  );
}

const orderPage = `https://shop.example.com/dashboard/orders/${orderId}`;
const payment = `https://shop.example.com/dashboard/payment/${orderId}`;
const forgotPassword = 'https://shop.example.com/forgot-password';

describe('every mail topic', () => {
  it.each(mailTopics)(
    '%s composes a one-line subject, HTML and text with the footer',
    async (topic) => {
      const mail = await compose(topic);
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expectInBoth(mail, 'Toolyard', 'You received this email because');
      expectLink(mail, shop.origin);
    },
  );

  it('refuses a topic it has no template for', async () => {
    const stranger = { topic: 'order.lost', to: 'a@example.com', data: {} };
    await expect(composeMail(stranger as unknown as MailEvent, shop)).rejects.toThrow('order.lost');
  });
});

describe('order mails', () => {
  it('order.received greets the buyer in the words of the spec, with lines, total, address and the hold', async () => {
    const mail = await compose('order.received');
    expect(mail.subject).toBe(`We have received your order ${ref}`);
    expect(mail.html).toMatch(/<h1[^>]*>Hello Ada Lovelace We Have Received Your Order<\/h1>/);
    expectInBoth(mail, 'Hello Ada Lovelace We Have Received Your Order', 'Pay for your order');
    expectOrder(mail);
    expectInBoth(mail, 'held for you unpaid until 26 November 2026, 14:05 UTC');
    expectLink(mail, payment);
    expectLink(mail, orderPage);
  });

  it.each(mailTopics.filter((topic) => topic.startsWith('order.')))(
    '%s names the order by its number and links to its own page',
    async (topic) => {
      const mail = await compose(topic);
      expect(mail.subject).toContain(ref);
      expectInBoth(mail, `Order ${ref}, placed`);
      expectLink(mail, orderPage);
      expect(mail.text).not.toContain('/dashboard/myOrders');
    },
  );

  it('names an order by the start of its id in a message written before orders had numbers', async () => {
    const { number: _, ...unnumbered } = order;
    const mail = await compose('order.shipped', unnumbered);
    expect(mail.subject).toBe('Your order 3f1c2a4e has shipped');
    expectInBoth(mail, 'Order 3f1c2a4e, placed');
  });

  it('order.received without a hold says nothing of one', async () => {
    const mail = await compose('order.received', { ...order, holdEndsAt: null });
    expectOrder(mail);
    expect(mail.text).not.toContain('unpaid until');
    expect(seen(mail.html)).not.toContain('unpaid until');
  });

  it('order.paid is a receipt: the amount paid, the card, the lines, total and address', async () => {
    const mail = await compose('order.paid');
    expect(mail.subject).toBe(`Receipt for your order ${ref}`);
    expectInBoth(mail, 'Receipt for your order', 'You paid $1,259.50 with the card ending in 4242');
    expectOrder(mail);
  });

  it('order.paid without a card does not mention one', async () => {
    const mail = await compose('order.paid', { ...order, amountCents: 125950, cardLast4: null });
    expectInBoth(mail, 'You paid $1,259.50.');
    expect(mail.text).not.toContain('ending in');
  });

  it('order.shipped says it is on its way, to which address', async () => {
    const mail = await compose('order.shipped');
    expect(mail.subject).toBe(`Your order ${ref} has shipped`);
    expectInBoth(mail, `your order ${ref} is on its way`);
    expectOrder(mail);
    expectLink(mail, orderPage);
  });

  it('order.shipped names the carrier and tracking number when the admin gave them', async () => {
    const mail = await compose('order.shipped', {
      ...order,
      carrier: 'Parcelforce',
      trackingNumber: 'PF123456789GB',
    });
    expectInBoth(mail, 'Carrier: Parcelforce. Tracking number: PF123456789GB.');
    expectOrder(mail);
    const untracked = await compose('order.shipped', { ...order, carrier: null });
    expect(untracked.text).not.toContain('Carrier');
    expect(untracked.text).not.toContain('Tracking number');
  });

  it('order.cancelled says who cancelled it', async () => {
    const byBuyer = await compose('order.cancelled');
    expect(byBuyer.subject).toBe(`Your order ${ref} was cancelled`);
    expectInBoth(byBuyer, `as you asked, your order ${ref} was cancelled`);
    expectOrder(byBuyer);
    const byAdmin = await compose('order.cancelled', { ...order, by: 'admin' });
    expectInBoth(byAdmin, `we have cancelled your order ${ref}`);
  });

  it('order.refunded gives the amount refunded', async () => {
    const mail = await compose('order.refunded');
    expect(mail.subject).toBe(`Your order ${ref} was refunded`);
    expectInBoth(mail, `we have refunded $25.00 of your order ${ref}`);
    expectOrder(mail);
  });

  it('order.refunded for part of an order names the units, the amount and the total so far', async () => {
    const mail = await compose('order.refunded', {
      ...order,
      amountCents: 1250,
      refundedTotalCents: 3750,
      restocked: false,
      refundedLines: [{ name: 'Claw hammer', quantity: 1, totalCents: 1250 }],
    });
    expect(mail.subject).toBe(`Your order ${ref} was partly refunded`);
    expectInBoth(mail, `we have refunded $12.50 of your order ${ref}: 1 × Claw hammer.`);
    expectInBoth(mail, `In all, $37.50 of the order's $1,259.50 has been refunded.`);
    expectOrder(mail);
  });

  it('order.expiring says when the hold ends and links to the payment page', async () => {
    const mail = await compose('order.expiring', {
      ...order,
      holdEndsAt: '2026-11-26T16:05:00+02:00',
    });
    expect(mail.subject).toBe(`Your order ${ref} will be cancelled unless it is paid`);
    expectInBoth(
      mail,
      'held for you unpaid until 26 November 2026, 14:05 UTC',
      'Pay for your order',
    );
    expectLink(mail, payment);
    expectOrder(mail);
  });

  it('order.expired says the stock went back and links to the shop to order again', async () => {
    const mail = await compose('order.expired');
    expect(mail.subject).toBe(`Your unpaid order ${ref} was cancelled`);
    expectInBoth(mail, 'was not paid in time', 'went back into stock', 'order again');
    expectLink(mail, 'https://shop.example.com/allItems');
    expectOrder(mail);
  });
});

describe('account mails', () => {
  it('account.verify has the confirm button, says the link expires and may be ignored', async () => {
    const mail = await compose('account.verify');
    expect(mail.subject).toBe('Toolyard: confirm your email address');
    expectInBoth(mail, 'Hello Ada', 'Confirm your email address', 'expires in 24 hours', 'ignore');
    expectLink(mail, samples['account.verify'].url);
  });

  it('account.verify for a changed address asks to confirm the new address', async () => {
    const mail = await compose('account.verify', {
      ...samples['account.verify'],
      changingEmail: true,
    });
    expect(mail.subject).toBe('Toolyard: confirm your new email address');
    expectInBoth(
      mail,
      'Confirm your new email address',
      'change the email address of your Toolyard account',
      'Confirm your email address',
      'expires in 24 hours',
    );
    expectLink(mail, samples['account.verify'].url);
  });

  it('account.exists says no account was made and links to sign in and to reset the password', async () => {
    const mail = await compose('account.exists');
    expect(mail.subject).toBe('Toolyard: you already have an account');
    expectInBoth(mail, 'Hello Ada', 'perhaps you', 'no new account was made');
    expectLink(mail, 'https://shop.example.com/login');
    expectLink(mail, forgotPassword);
  });

  it('account.reset has the button, expires in an hour and may be ignored', async () => {
    const mail = await compose('account.reset');
    expect(mail.subject).toBe('Toolyard: reset your password');
    expectInBoth(mail, 'Hello Ada', 'Set a new password', 'expires in 1 hour', 'ignore');
    expectLink(mail, samples['account.reset'].url);
  });

  it('account.password-changed says other devices were signed out and how to recover', async () => {
    const mail = await compose('account.password-changed');
    expect(mail.subject).toBe('Toolyard: your password was changed');
    expectInBoth(mail, 'Hello Ada', 'password of your Toolyard account was changed', 'signed out');
    expectLink(mail, forgotPassword);
  });
});

describe('contact.received', () => {
  it('gives admins the sender, subject, message and time, and links to the messages', async () => {
    const mail = await compose('contact.received');
    expect(mail.subject).toBe('New message from the contact form: Bulk order of claw hammers');
    expectInBoth(
      mail,
      'visitor@example.com',
      'Bulk order of claw hammers',
      'Can you ship 200 hammers?',
      'We need them by March.',
      '24 November 2026, 08:00 UTC',
    );
    expectLink(mail, 'https://shop.example.com/dashboard/messages');
  });

  it('keeps a subject with line breaks on one line (no header injection)', async () => {
    const mail = await compose('contact.received', {
      ...samples['contact.received'],
      subject: 'Hello\r\nBcc: everyone@example.com\nX-Spam: yes\r',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe(
      'New message from the contact form: Hello Bcc: everyone@example.com X-Spam: yes',
    );
  });
});

describe('user text in the HTML part', () => {
  const attack = '<script>alert(1)</script>';
  const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';

  it('is escaped in order mails (buyer name, item, address, contact)', async () => {
    const mail = await compose('order.received', {
      ...samples['order.received'],
      buyerName: attack,
      lines: [{ name: attack, quantity: 1, priceCents: 100, totalCents: 100 }],
      address: attack,
      contact: attack,
    });
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain(`Hello ${escaped} We Have Received Your Order`);
    expectInBoth(mail, `Hello ${attack} We Have Received Your Order`);
  });

  it('is escaped in account and contact mails', async () => {
    const account = await compose('account.exists', { name: attack });
    const contact = await compose('contact.received', {
      ...samples['contact.received'],
      fromEmail: attack,
      subject: attack,
      message: `<img src=x onerror=alert(1)>\n${attack}`,
    });
    for (const mail of [account, contact]) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain(escaped);
    }
    expect(contact.html).not.toContain('<img');
    expectInBoth(contact, '<img src=x onerror=alert(1)>');
  });
});
