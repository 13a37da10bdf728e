import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts';

describe('linkParts', () => {
  it('finds http(s) addresses, leaving the punctuation around them as text', () => {
    expect(
      linkParts(
        'Confirm: https://shop.example/api/auth/verify-email?token=a.b&x=1. (http://x.test/y)',
      ),
    ).toEqual([
      { kind: 'text', text: 'Confirm: ' },
      {
        kind: 'link',
        text: 'https://shop.example/api/auth/verify-email?token=a.b&x=1',
        href: 'https://shop.example/api/auth/verify-email?token=a.b&x=1',
      },
      { kind: 'text', text: '. (' },
      { kind: 'link', text: 'http://x.test/y', href: 'http://x.test/y' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('links nothing else: other schemes and markup stay text', () => {
    const text =
      'javascript:alert(1) <a href="https://evil.test">x</a> mailto:a@b.test ftp://f.test';
    expect(linkParts(text).filter((part) => part.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.test', href: 'https://evil.test' },
    ]);
    expect(linkParts('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(linkParts('')).toEqual([]);
  });
});
