// Values as the API's JSON carries them, for the response schemas: a time goes out as its ISO string,
// whether the route holds a Date or already a string, so the browser's type is the wire's.
import { z } from 'zod';

/** A moment on the wire: a Date leaves as `toISOString()` (what JSON.stringify writes for it); a string as is. */
export const wireTimestamp = z.union([z.date(), z.string()]).transform((value) => (typeof value === 'string' ? value : value.toISOString()));

/** A stored money amount (numeric column) as the decimal string the database answers, e.g. '12.50'. */
export const wireDecimal = z.string();
