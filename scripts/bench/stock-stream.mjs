// Stock moving while a workload runs (`npm run bench -- --varied --stock-every 200`): every EVERY_MS ms, one
// product's stock (of PRODUCTS, the bench's catalogue) is taken down by one and put back by the next move, as
// an order and its cancel do, made with SQL from outside the shop (its notice reaches the shop through the
// database, as another process's order would). PostgreSQL only (DATABASE_URL).
import pg from 'pg';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const products = Number(process.env.PRODUCTS);
const every = Number(process.env.EVERY_MS);
let moves = 0;
const timer = setInterval(() => {
  const id = 1 + Math.floor(Math.random() * products);
  moves += 1;
  client
    .query('update products set quantity = quantity + $2, updated_at = now() where id = $1', [id, moves % 2 === 0 ? 1 : -1])
    .catch(() => {});
}, every);
const stop = async () => {
  clearInterval(timer);
  await client.end().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
