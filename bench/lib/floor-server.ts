// The floor for `npm run bench:api`: a bare node:http server answering every request with one pg
// query (the 12 newest products, the storefront's first listing), from the same database. What
// the machine can do for this page with no framework, GraphQL, ORM or cache: the store's
// throughput is reported as a ratio of it. Run as a child process: PORT and DATABASE_URL.
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
const NEWEST = `SELECT id, name, slug, price::text, original_price::text AS "originalPrice", image_url AS "imageUrl", size, stock
  FROM products ORDER BY created_at DESC, id ASC LIMIT 12`;

const server = http.createServer((_req, res) => {
  pool.query(NEWEST).then(
    (result) => {
      const body = JSON.stringify({ data: { products: { items: result.rows } } });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    },
    (error: Error) => {
      res.writeHead(500).end(error.message);
    },
  );
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => void pool.end()));
