/** Where a test's order goes: every order and checkout needs a phone and an address. */
export const DELIVERY = { Contact: '+1 555 0100', Address: '1 Yard Lane' } as const;
