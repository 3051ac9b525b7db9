// Reads the header block that Gmail, Outlook and Apple Mail put above an inline-forwarded message
// ("---------- Forwarded message ---------", "From: … Sent: …", "Begin forwarded message:"): its subject,
// its sending time and the original text below it.

export interface InlineForward {
  subject: string | null;
  /** The original sending time, or null when the forward's date line cannot be read. */
  sentAt: Date | null;
  /** The forwarded message's text, below its header block. */
  body: string;
}

const HEADER_LINE = /^[ \t>*]*(from|sent|date|to|cc|subject|reply-to)[ \t*]*:[ \t*]*(.*)$/i;
const ZONE = /(?:[+-]\d{2}:?\d{2}|\b(?:gmt|utc)(?:[+-]\d{1,4})?|\b[ecmp][sd]t|\bz)\s*\)?\s*$/i;

/**
 * The forward's date line in UTC. Gmail and Outlook write the forwarder's local time without a zone
 * ("Mon, Nov 23, 2026 at 4:05 PM"); that zone is the one in the outer mail's Date header, passed as
 * `fallbackOffset` (e.g. "-0500").
 */
export function parseForwardDate(value: string, fallbackOffset: string | null): Date | null {
  let text = value
    .replace(/^\s*[a-z]+\.?,\s*/i, '') // weekday
    .replace(/\s+at\s+/i, ' ')
    .replace(/[()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\b(?:19|20)\d{2}\b/.test(text)) return null;
  if (!ZONE.test(text)) text = `${text} GMT${fallbackOffset ?? '+0000'}`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The last forwarded header block of the text (the innermost forward holds the original), or null. */
export function findInlineForward(text: string, fallbackOffset: string | null): InlineForward | null {
  const lines = text.split(/\r?\n/);
  let found: InlineForward | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    const first = HEADER_LINE.exec(lines[i]!);
    if (!first || first[1]!.toLowerCase() !== 'from') continue;
    const fields = new Map<string, string>();
    let j = i;
    // Header lines, possibly with blank lines between them (HTML-to-text output puts some there).
    for (; j < lines.length && j < i + 16; j += 1) {
      const line = lines[j]!;
      const header = HEADER_LINE.exec(line);
      if (header) {
        const name = header[1]!.toLowerCase();
        if (!fields.has(name)) fields.set(name, header[2]!.trim());
      } else if (line.trim() !== '' && !(fields.size > 0 && /^\s+\S/.test(line))) {
        break;
      }
    }
    const when = fields.get('date') ?? fields.get('sent');
    if (!fields.has('subject') || when === undefined) continue;
    found = {
      subject: fields.get('subject') || null,
      sentAt: parseForwardDate(when, fallbackOffset),
      body: lines.slice(j).join('\n'),
    };
    i = j - 1;
  }
  return found;
}
