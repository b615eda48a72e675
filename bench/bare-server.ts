// The least a call through a server of its own can cost: Fastify alone in a process of its own
// (as the bench's server runs), answering at once (`/`) or after one `SELECT 1` through pg
// (`/db`). bench/records.ts times both beside `SELECT 1` run directly: what the second adds to
// the third is the hop no handler can remove (the two processes' wake-ups and the loopback).
import Fastify from 'fastify';
import { createPool } from '../server/db/pool.js';

// The app's own pool settings, as the bench's server and the floors use.
const pool = createPool(process.env.DATABASE_URL ?? '', undefined, 2);
const app = Fastify();
app.get('/', async () => ({ statusCode: 200, data: {} }));
app.get('/db', async () => ({
  statusCode: 200,
  data: (await pool.query<{ one: number }>('SELECT 1 AS one')).rows,
}));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening at ${address}`);
