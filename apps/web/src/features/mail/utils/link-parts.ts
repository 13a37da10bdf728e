/** A piece of plain text: words, or a web address to show as a link. */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence around an address rather than belonging to it.
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits plain text into text and http(s) links, for rendering as text nodes and anchors
 * (never as HTML). Anything that does not parse as an http(s) URL stays text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    if (!isWebAddress(address)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', text: address, href: address });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
