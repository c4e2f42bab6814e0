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

export const DEPLOY_DIR = path.dirname(fileURLToPath(import.meta.url));

export interface Service {
  port: number;
  /** Everything it wrote so far. */
  output(): string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
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
  const { child, output } = run("pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], "pgbouncer");
  const stop = stopper(child, () => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    await waitForPort(port, child, output, "pgbouncer");
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, output, child, stop };
}
