// Reads a postback's parameters exactly as the network sent them. A value that identifies something
// (a transaction, a click, an offer) is never cut, stripped or case-folded: two distinct values would
// become one conversion. What cannot be taken as it is gets a 400 naming the parameter.
import { badRequest } from '@tracker/core';
import { isUnreplacedMacro } from './tracking-params';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const TRACKER_CLICK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one value of a parameter; a repeat with the same value is that value, a different one is refused. */
export function singleValue(query: Record<string, unknown>, name: string): string {
  const raw = query[name];
  const values = Array.isArray(raw) ? raw : [raw];
  const first: unknown = values[0];
  if (typeof first !== 'string') return '';
  if (values.some((v) => v !== first)) throw badRequest(`${name} is given more than once, with different values`);
  return first;
}

/** Whether a parameter carries a value: not blank, not a macro the network left unreplaced. */
export function isGiven(value: string): boolean {
  const trimmed = value.trim();
  return trimmed !== '' && !isUnreplacedMacro(trimmed);
}

/** An identifier as sent, or '' when not given; over-long or with control characters: a 400. */
export function readIdentifier(query: Record<string, unknown>, name: string, maxLength: number): string {
  const value = singleValue(query, name);
  if (!isGiven(value)) return '';
  if (value.length > maxLength) throw badRequest(`${name} must be at most ${maxLength} characters`);
  if (CONTROL_CHARACTER.test(value)) throw badRequest(`${name} must not contain control characters`);
  return value;
}

/** Whether a click id can be one of ours: a UUID (click-redirect.ts makes them with newEventId, UUIDv7). */
export function isTrackerClickId(clickId: string): boolean {
  return TRACKER_CLICK_ID.test(clickId);
}

/** Our click ids are UUIDs, which ignore case: canonical lower case. Any other id stays as sent. */
export function canonicalClickId(clickId: string): string {
  return TRACKER_CLICK_ID.test(clickId) ? clickId.toLowerCase() : clickId;
}
