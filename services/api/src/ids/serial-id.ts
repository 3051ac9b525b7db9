// Path ids of serial (int4) rows: anything that is not one is an unknown id (404), never a database error.
import { notFound } from '@tracker/core';

const INT4_MAX = 2_147_483_647;

export function parseSerialId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/** The id, or a 404 with `message` ('Offer not found'). */
export function serialIdOr404(raw: string, message: string): number {
  const id = parseSerialId(raw);
  if (id === null) throw notFound(message);
  return id;
}
