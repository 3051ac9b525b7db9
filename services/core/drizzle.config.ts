// drizzle-kit: generates SQL migrations from the entity schema (`npm run db:generate`).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/core/src/db/schema.ts',
  out: './services/core/src/db/migrations',
  casing: 'snake_case',
});
