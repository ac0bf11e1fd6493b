import Link from '@mui/material/Link';
import { Fragment } from 'react';

// The server's linkifier (internal/conversation/linkify.go) finds the same
// links: http(s) URLs and www. addresses, without the sentence's last
// punctuation. Everything else is text, which React escapes.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

function trimEnd(link: string): string {
  let end = link.length;
  for (;;) {
    const c = link[end - 1];
    const part = link.slice(0, end);
    if (c && '.,;:!?'.includes(c)) end--;
    else if (c === ')' && (part.match(/\(/g)?.length ?? 0) < (part.match(/\)/g)?.length ?? 0)) end--;
    else return link.slice(0, end);
  }
}

function href(link: string): string | null {
  try {
    const url = new URL(/^www\./i.test(link) ? `https://${link}` : link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.length >= 3 ? url.href : null;
  } catch {
    return null;
  }
}

/** A message's plain text with its links made clickable, and nothing else interpreted. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: (string | { link: string; href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const link = trimEnd(match[0]);
    const target = href(link);
    if (!target) continue;
    parts.push(text.slice(last, match.index), { link, href: target });
    last = match.index + link.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link key={i} href={part.href} target="_blank" rel="nofollow noopener noreferrer ugc" underline="always" sx={{ overflowWrap: 'anywhere' }}>
            {part.link}
          </Link>
        ),
      )}
    </>
  );
}
