import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnPath('/dashboard/myOrders')).toBe('/dashboard/myOrders');
    expect(safeReturnPath('/purchase?id=a1')).toBe('/purchase?id=a1');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'dashboard',
      '',
      null,
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});
