// Zod compiles fast object parsers with new Function unless told not to; the app's CSP forbids eval.
// Imported first by main.tsx: zod reads this when each schema is built, at module load.
import { z } from 'zod';

z.config({ jitless: true });
