// The deploy kit's topology on one machine without Docker: Debian's pgbouncer and nginx started from
// the same configuration files compose.yaml mounts (deploy/pgbouncer.ini, deploy/nginx.conf), with
// only the lines marked "per machine" replaced (addresses, ports, files). The cluster tests use it;
// `npx tsx deploy/local-cluster.ts` runs it by hand (docs/deploy.md).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";

export const DEPLOY_DIR = path.dirname(fileURLToPath(import.meta.url));

export interface Service {
  port: number;
  /** Everything it wrote so far. */
  output(): string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Replaces the value of `key = …` lines (ini) in text; every key must be found. */
export function setIniValues(text: string, values: Record<string, string>): string {
  let out = text;
  for (const [key, value] of Object.entries(values)) {
    const pattern = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*=.*$`, "m");
    if (!pattern.test(out)) throw new Error(`${key} is not in the configuration file`);
    out = out.replace(pattern, `${key} = ${value}`);
  }
  return out;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string, what: string) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited during start-up:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (i > 100) throw new Error(`${what} did not listen on ${port} within 10 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function run(command: string, args: string[], what: string): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.once("error", (error) => (output += `${what}: ${error.message}\n`));
  return { child, output: () => output };
}

function stopper(child: ChildProcess, cleanup: () => void): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };
}

/** Runs `command` on its files in `dir` until it listens on `port`; one that does not come up is
 *  stopped (and `dir` removed) before the error is thrown. Stopping the service removes `dir` too. */
async function startService(command: string, args: string[], port: number, dir: string): Promise<Service> {
  const { child, output } = run(command, args, command);
  const stop = stopper(child, () => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    await waitForPort(port, child, output, command);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, output, child, stop };
}

/**
 * Debian's pgbouncer from deploy/pgbouncer.ini in front of a PostgreSQL server (trust auth, as on
 * the test machines: user `user` listed with no password). PgBouncer refuses to run as root: as
 * root it runs as the `postgres` user.
 */
export async function startPgBouncer(options: { postgresHost: string; postgresPort: number; user: string; port?: number }): Promise<Service> {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-pgbouncer-"));
  const ini = setIniValues(fs.readFileSync(path.join(DEPLOY_DIR, "pgbouncer.ini"), "utf8"), {
    "*": `host=${options.postgresHost} port=${options.postgresPort}`,
    listen_addr: "127.0.0.1",
    listen_port: String(port),
    auth_type: "trust",
    auth_file: path.join(dir, "userlist.txt"),
    logfile: "",
    pidfile: "",
    unix_socket_dir: "",
    admin_users: options.user,
  });
  fs.writeFileSync(path.join(dir, "pgbouncer.ini"), ini);
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"${options.user}" ""\n`);
  fs.chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  return startService("pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], port, dir);
}

/** Replaces directives marked by a "# per machine" comment on the line above, by their first word. */
export function setNginxDirectives(text: string, values: Record<string, string>): string {
  const lines = text.split("\n");
  const found = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    if (!/#\s*per machine/.test(lines[i - 1]!)) continue;
    const match = /^(\s*)(\S+)\s/.exec(lines[i]!);
    if (!match || !(match[2]! in values)) continue;
    lines[i] = `${match[1]}${match[2]} ${values[match[2]!]};`;
    found.add(match[2]!);
  }
  const missing = Object.keys(values).filter((key) => !found.has(key));
  if (missing.length) throw new Error(`Not marked "per machine" in nginx.conf: ${missing.join(", ")}`);
  return lines.join("\n");
}

/** Debian's nginx from deploy/nginx.conf, balancing over `upstreams` (host:port) with its shared cache. */
export async function startNginx(options: { upstreams: string[]; port?: number }): Promise<Service> {
  const port = options.port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-nginx-"));
  fs.mkdirSync(path.join(dir, "cache"));
  fs.mkdirSync(path.join(dir, "logs"));
  // As root, nginx's workers run as nobody: they must be able to write the cache and temp files.
  for (const sub of ["", "cache", "logs"]) fs.chmodSync(path.join(dir, sub), 0o777);
  const conf = setNginxDirectives(fs.readFileSync(path.join(DEPLOY_DIR, "nginx.conf"), "utf8"), {
    pid: path.join(dir, "nginx.pid"),
    error_log: "stderr warn",
    access_log: "off",
    proxy_cache_path: `${path.join(dir, "cache")} levels=1:2 keys_zone=thrift:20m max_size=1g inactive=10m use_temp_path=off`,
    server: options.upstreams.map((upstream) => `${upstream} max_fails=3 fail_timeout=2s`).join("; server "),
    listen: `127.0.0.1:${port}`,
  });
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  return startService("nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], port, dir);
}

export interface StoreInstance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  output(): string;
  /** Starts the process (again) and waits until /readyz answers 200. */
  start(): Promise<void>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const PROJECT_ROOT = path.resolve(DEPLOY_DIR, "..");

/** One store process on a fixed port, as compose.yaml's store1..3: the image's command, the compiled
 *  server of `npm run build` (dist/node/main.js). */
export function storeInstance(name: string, port: number, env: Record<string, string>): StoreInstance {
  let output = "";
  const instance: StoreInstance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: null,
    output: () => output,
    async start() {
      if (instance.child && instance.child.exitCode === null && instance.child.signalCode === null) return;
      const main = path.join(PROJECT_ROOT, "dist/node/main.js");
      if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
      const child = spawn(process.execPath, [main], {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      instance.child = child;
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`${name} exited during start-up:\n${output}`);
        if (await fetch(`${instance.url}/readyz`).then((r) => r.ok, () => false)) return;
        if (i > 900) throw new Error(`${name} was not ready within 90 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop(signal = "SIGTERM") {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
  return instance;
}

export interface LocalCluster {
  /** nginx: what shoppers reach. */
  url: string;
  pgbouncer: Service;
  nginx: Service;
  instances: StoreInstance[];
  stop(): Promise<void>;
}

/**
 * compose.yaml's topology on this machine: PgBouncer in front of the PostgreSQL database at
 * `databaseUrl` (which must exist; the first instance migrates it), `instances` store processes
 * through it (LISTEN and migrations direct), nginx in front of them.
 */
export async function startLocalCluster(options: { databaseUrl: string; instances?: number; env?: Record<string, string> }): Promise<LocalCluster> {
  const direct = new URL(options.databaseUrl);
  const pgbouncer = await startPgBouncer({ postgresHost: direct.hostname, postgresPort: Number(direct.port || 5432), user: decodeURIComponent(direct.username) });
  const pooled = new URL(options.databaseUrl);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(pgbouncer.port);
  const instances: StoreInstance[] = [];
  let nginx: Service | null = null;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop("SIGTERM")));
    await pgbouncer.stop();
  };
  try {
    const ports = await Promise.all(Array.from({ length: options.instances ?? 3 }, () => freePort()));
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: pooled.toString(),
      DATABASE_DIRECT_URL: options.databaseUrl,
      TRUST_PROXY: "1",
      SHUTDOWN_TIMEOUT_MS: "10000",
      KEEP_ALIVE_TIMEOUT_MS: "8000",
      ...options.env,
    };
    for (const [i, port] of ports.entries()) instances.push(storeInstance(`store${i + 1}`, port, env));
    // The first one migrates (and seeds an empty database) alone; the others then start together.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    nginx = await startNginx({ upstreams: ports.map((port) => `127.0.0.1:${port}`) });
    return { url: `http://127.0.0.1:${nginx.port}`, pgbouncer, nginx, instances, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// `npx tsx deploy/local-cluster.ts [postgresql://…/database]`: runs the topology until Ctrl-C.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.argv[2] || process.env.DATABASE_DIRECT_URL || "postgresql://postgres@127.0.0.1:5432/thrift";
  const cluster = await startLocalCluster({ databaseUrl, env: { ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || "change-me-admin" } });
  console.log(`Store on ${cluster.url} (nginx) → ${cluster.instances.map((i) => i.url).join(", ")} → PgBouncer :${cluster.pgbouncer.port} → ${databaseUrl}`);
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
