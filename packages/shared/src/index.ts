export * from './catalog.js';
export * from './constants.js';
export * from './errors.js';
export * from './health.js';
export * from './money.js';
export * from './auth.js';
export * from './users.js';
export * from './orders.js';
