import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` writes a new versioned SQL migration from src/db/schema/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
