// An email from RedHope's address carries text that strangers typed (a patient's name, a
// hospital, a donor's reason) to people who never met them (issue 25). What RedHope says and
// what a person wrote must not be confused: a person's text can add no line (no header, no fake
// paragraph of ours), no link anyone can click, and a person's own words stand in a quoted block
// under their name. The one call to action is RedHope's link, which the caller builds from
// PUBLIC_URL; nothing here links anything else.

/** Characters that reorder the text around them (a name could turn "evil.example" around). */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Line and paragraph breaks of every kind, and the other control characters. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
/** Dots that browsers read as a domain's dot (ASCII, ideographic, full-width, half-width). */
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
/** A dot between a letter or digit and a part with a letter: the joint of a host name. */
const HOST_DOT = new RegExp(`(?<=[\\p{L}\\p{N}])${DOT}(?=[\\p{L}\\p{N}-]*\\p{L})`, 'gu');
/** A scheme's "://" (https://, ftp://, anything://). */
const SCHEME = /(?<=\b[a-z][a-z0-9+.-]*):\/\//gi;

/**
 * One line of a person's text: every line break or control character becomes a space (so it
 * cannot start a header line or a paragraph of its own), reordering marks are dropped, spaces
 * are collapsed, and it is cut at `max` characters.
 */
export function oneLine(value: string, max = 120): string {
  const line = value
    .replace(BIDI_CONTROLS, '')
    .replace(BREAKS_AND_CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/**
 * A person's text with every link broken so no mail program makes it clickable: a host name's
 * dots become "[.]" and a scheme's "://" becomes "[:]//" (`https[:]//evil[.]example`). This is
 * the usual way to quote an address without linking it, and a reader can still see and type it.
 * Mail programs link URL-shaped text in HTML bodies as in plain ones, so both get it. A name
 * such as "Md.Karim" becomes "Md[.]Karim": new top-level domains are many (.hospital is one),
 * so any dot that could join a host name is broken rather than guessing which are real.
 */
export function unlinked(value: string): string {
  return value.replace(SCHEME, '[:]//').replace(HOST_DOT, '[.]');
}

/** A person's text for one of RedHope's sentences or a subject: one line, no links. */
export const personText = (value: string, max?: number) => unlinked(oneLine(value, max));

/** A person's longer text, for a quoted block: its own lines (at most `maxLines`), no links. */
export function personLines(value: string, maxChars = 1000, maxLines = 20): string[] {
  const lines = value
    .replace(BIDI_CONTROLS, '')
    .split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/)
    .map((line) => unlinked(oneLine(line, maxChars)));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines.slice(0, maxLines);
}

/** Part of an email's body. */
export type EmailBlock =
  /** One of RedHope's sentences (a person's text in it made safe with personText); '' a gap. */
  | { type: 'line'; text: string }
  /** A person's own words, under a label saying whose they are and that RedHope did not check. */
  | { type: 'quote'; label: string; lines: string[] };

/** A sentence with a link in it: `sentence(link)` writes it with the link where it goes. */
export interface LinkSentence {
  sentence: (link: string) => string;
  href: string;
}

export interface EmailContent {
  subject: string;
  body: EmailBlock[];
  /** The one call to action: RedHope's own link. */
  action?: LinkSentence;
  /** RedHope's sentences after the call to action. */
  closing?: string[];
  /** Small print under a rule (where to choose which emails one gets). */
  footer?: LinkSentence;
}

/** An email ready for the outbox: its subject on one line, a plain text and an HTML version. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

// A placeholder for the link while the sentence around it is escaped: no one can type it (NUL
// is refused at the door and oneLine removes control characters).
const LINK_MARK = '\u0000link\u0000';

function htmlSentence({ sentence, href }: LinkSentence, style: string): string {
  const link = `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(href)}</a>`;
  return escapeHtml(sentence(LINK_MARK)).replace(LINK_MARK, link);
}

const QUOTE_STYLE =
  'margin:8px 0 16px;padding:8px 12px;border-left:4px solid #9ca3af;background:#f3f4f6;color:#374151;white-space:pre-wrap';

/** The subject, plain text and HTML of an email. Every text in `content` is escaped in HTML. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of content.body) {
    if (block.type === 'line') {
      text.push(block.text);
      if (block.text) html.push(`<p style="margin:0 0 8px">${escapeHtml(block.text)}</p>`);
      continue;
    }
    text.push('', block.label, ...block.lines.map((line) => `> ${line}`), '');
    html.push(
      `<p style="margin:16px 0 0;color:#4b5563">${escapeHtml(block.label)}</p>`,
      `<blockquote style="${QUOTE_STYLE}">${block.lines.map(escapeHtml).join('<br>')}</blockquote>`,
    );
  }
  if (content.action) {
    text.push('', content.action.sentence(content.action.href), '');
    html.push(
      `<p style="margin:16px 0">${htmlSentence(content.action, 'color:#b91c1c;font-weight:bold')}</p>`,
    );
  }
  for (const line of content.closing ?? []) {
    text.push(line);
    html.push(`<p style="margin:0 0 8px">${escapeHtml(line)}</p>`);
  }
  if (content.footer) {
    text.push('', '—', content.footer.sentence(content.footer.href));
    html.push(
      `<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0 8px">`,
      `<p style="margin:0;font-size:12px;color:#6b7280">${htmlSentence(content.footer, 'color:#6b7280')}</p>`,
    );
  }
  return {
    subject: oneLine(content.subject, 200),
    // Runs of blank lines (a quote after a gap) folded to one.
    text: text
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    html: `<!doctype html><html><body style="font-family:sans-serif;font-size:15px;line-height:1.5;color:#111827">${html.join('')}</body></html>`,
  };
}
