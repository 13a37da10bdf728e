import { describe, expect, it } from 'vitest';
import { isOneLine, orderSummary } from './order-summary';

describe('an order summary', () => {
  it('reads quantity × product for one product', () => {
    const order = { ItemName: 'Pipe Clamps', OrderQuantity: 6, price: 12.5, totalCost: 75 };
    expect(isOneLine(order)).toBe(true);
    expect(orderSummary(order)).toBe('6 × Pipe Clamps');
  });

  it('does not multiply the first line’s price for several products', () => {
    // 10 hammers at $24.99, 5 drills at $129.99 and 4 saws at $149.99.
    const order = {
      ItemName: 'Framing Claw Hammer and 2 more',
      OrderQuantity: 19,
      price: 24.99,
      totalCost: 1499.81,
    };
    expect(isOneLine(order)).toBe(false);
    expect(orderSummary(order)).toBe('Framing Claw Hammer and 2 more (19 items)');
  });

  it('counts in cents, so 3 × $0.10 is one line of $0.30', () => {
    expect(isOneLine({ OrderQuantity: 3, price: 0.1, totalCost: 0.3 })).toBe(true);
  });
});
