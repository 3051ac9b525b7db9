// Finds the one-time code in a mail's text: a 4–8 digit number next to words like "verification code",
// "one-time code" or "SafeKey". Dates, amounts, phone numbers, card endings and reference numbers are not codes.

/** Words that announce a code; the strong ones name it outright, "code"/"PIN" alone is weaker. */
const STRONG_KEYWORD =
  /\b(?:safe\s?key|verification|one[\s-]?time|passcode|pass\s?code|otp|security\s+code|authentication\s+code|confirmation\s+code|access\s+code|login\s+code|sign[\s-]?in\s+code|vérification|bestätigungscode|verifizierungscode|código)\b/giu;
const WEAK_KEYWORD = /\b(?:code|pin)\b/giu;

/**
 * A 4–8 digit run standing alone: not glued to letters or other digits, not part of an amount ($12.50,
 * 1,250), a date (11/25/2026, 2026-11-25), a time (12:30), a phone number (1-800-528-4800) or a masked
 * card number (*1005, x1005, #1005).
 */
const CANDIDATE = /(?<![\p{L}\p{N}_$€£¥*#+@=&?/]|\p{N}[.,:/-]|\p{N}[ ]|[(])(\p{N}{4,8})(?![\p{L}\p{N}_%@]|[.,:/-]\p{N}|[ ]\p{N}|[)])/gu;

const MONTH_OR_DAY =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?$/i;
const CURRENCY_BEFORE = /(?:usd|eur|gbp|cad|aud|amount|total|balance|limit|price)[ \t:]*$/i;
const CURRENCY_AFTER = /^\s*(?:usd|eur|gbp|cad|aud|dollars?|euros?)\b/i;
// Only on the number's own line: "account:" ending the line above a code is no reference to it.
const NOT_A_CODE_BEFORE =
  /(?:ending(?:\s+(?:in|with))?|ends\s+(?:in|with)|last\s+(?:4|four)(?:\s+digits)?|card|account|acct|reference|ref|order|invoice|transaction|tel|phone|call|fax|suite|ste|box|zip|no|number|id)\.?[ \t]*(?:#|no\.?|number)?[ \t]*:?[ \t]*$/i;

interface Candidate {
  code: string;
  start: number;
  end: number;
}

function candidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const code = match[1]!;
    const end = start + code.length;
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(end, end + 16);
    if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after) || NOT_A_CODE_BEFORE.test(before)) continue;
    const asNumber = Number(code);
    // A year next to a month or weekday, or before a time, is a date.
    if (code.length === 4 && asNumber >= 1900 && asNumber <= 2099) {
      if (MONTH_OR_DAY.test(before) || /^\s*(?:at\b|\d{1,2}:\d{2}|[-/]\d)/i.test(after) || /[/-]\s*$/.test(before)) continue;
    }
    found.push({ code, start, end });
  }
  return found;
}

function keywordSpans(text: string, keyword: RegExp): Array<[number, number]> {
  return [...text.matchAll(keyword)].map((m) => [m.index, m.index + m[0].length]);
}

/** Characters between a candidate and a keyword; a code follows its keyword more often than it precedes it. */
function distance(candidate: Candidate, [kStart, kEnd]: [number, number]): number {
  if (kEnd <= candidate.start) return candidate.start - kEnd;
  if (kStart >= candidate.end) return (kStart - candidate.end) * 1.5;
  return Infinity;
}

const MAX_DISTANCE = 120;

/** The code the text announces, or null when no standalone number sits near a code keyword. */
export function findCode(text: string): string | null {
  const found = candidates(text);
  if (found.length === 0) return null;
  for (const keyword of [STRONG_KEYWORD, WEAK_KEYWORD]) {
    const spans = keywordSpans(text, keyword);
    let best: { code: string; score: number } | null = null;
    for (const candidate of found) {
      for (const span of spans) {
        const score = distance(candidate, span);
        if (score <= MAX_DISTANCE && (best === null || score < best.score)) best = { code: candidate.code, score };
      }
    }
    if (best) return best.code;
  }
  return null;
}
