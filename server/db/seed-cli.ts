// `npm run seed`: migrate and load the demo accounts into DATABASE_URL's database (idempotent).
// Without DATABASE_URL there is nothing to do: `npm start` seeds the embedded database itself.
import { loadConfig, loadDotEnv } from '../config.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { migrate } from './migrate.js';
import { createPool, LONG_TASK_SETTINGS } from './pool.js';
import { demoAccountsText, seedDemo } from './seed.js';

loadDotEnv();
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run seed needs DATABASE_URL. With the embedded database, `npm start` loads the demo data on first start.',
  );
  process.exit(1);
}
const db = createPool(config.databaseUrl, undefined, LONG_TASK_SETTINGS);
try {
  await migrate(db);
  const created = await seedDemo(db, createPasswordHasher(), config.demoPassword);
  console.log(created.length ? `Created: ${created.join(', ')}` : 'Demo accounts already exist.');
  console.log(demoAccountsText(config.demoPassword));
} finally {
  await db.end();
}
