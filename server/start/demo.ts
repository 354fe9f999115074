// `npm run demo`: the production server on its own database (data/demo.sqlite), filled with the demo village
// on first start. The demo accounts are printed: they are for trying the product, never for a real register.
import { loadConfig, ConfigError } from './config';
import { serve } from '../main';
import { openStore } from '../db/connect';
import { migrate } from '../db/migrations';
import { ensureDemoIdentity } from '../seed/identity';
import { DEMO_ACCOUNTS, ensureDemoAccounts, isEmpty, seedDemoVillage } from '../seed/generator';

async function demo(): Promise<void> {
  // Lines for the person at the terminal (npm run demo, npm run dev), unless LOG_FORMAT says otherwise.
  const config = loadConfig({ DATABASE_URL: 'file:data/demo.sqlite', LOG_FORMAT: 'text', ...process.env });
  const store = await openStore(config.databaseUrl);
  try {
    await migrate(store.db);
    if (await isEmpty(store.db)) {
      const summary = await seedDemoVillage(store.db);
      console.log(
        `Filled the demo village: ${summary.graves} graves, ${summary.burials} burials, ${summary.articles} articles, ${summary.suggestions} suggestions.`,
      );
    }
    await ensureDemoAccounts(store.db);
    // A demo database of an older version has graves but no name: the demo village's, as on a first start.
    await ensureDemoIdentity(store.db);
  } finally {
    await store.close();
  }
  await serve(config, [
    'Demo accounts (demo only):',
    `  manager: ${DEMO_ACCOUNTS.manager.email} / ${DEMO_ACCOUNTS.manager.password}`,
    `  admin:   ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
  ]);
}

demo().catch((error) => {
  console.error(
    error instanceof ConfigError ? `Configuration error: ${error.message}` : `Demo failed: ${(error as Error).message}`,
  );
  process.exit(1);
});
