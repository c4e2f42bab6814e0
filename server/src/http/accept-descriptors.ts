// A busy store accepts one new connection per turn of its event loop: since libuv 1.45 (Node 20),
// a listening descriptor that polls readable is accepted from once and then waits for the next
// poll (libuv#3696), and under a drop a turn takes 10 ms or more. bench:drop's 10,000 shoppers
// (27 Nov 2026) met about 100 accepts a second, the kernel's queue of 4,096 waiting connections
// overflowed, and shoppers' connections were reset; nginx's new connections to the store timed out.
//
// The same listening socket under several descriptors is polled once per descriptor, so each turn
// accepts up to that many. Node 20 can neither duplicate a descriptor nor open a port twice
// (`reusePort` came in Node 22.12), but a handle sent to a child over IPC arrives as a new
// descriptor: the child sends it straight back, and the store listens on what returns. The child
// holds the raw handle only (it never listens or accepts), and exits once it is done.
import { spawn } from "node:child_process";
import net from "node:net";
import type { Server } from "node:http";
import { logger } from "../logger.ts";

export interface ExtraDescriptors {
  /** How many more descriptors accept for the server. */
  count: number;
  /** Stops accepting on them; resolves once their connections have closed, as net.Server#close. */
  close(): Promise<void>;
}

// The child: every handle it receives goes back as it came.
const ECHO = `process.on("message", (m, handle) => process.send(m, handle, () => {}));`;

/** Adds `count` descriptors of `server`'s listening socket, each accepting for it. On any failure
 *  the store goes on with what it has (one descriptor at least): slower to accept, never down. */
export async function acceptOnMoreDescriptors(server: Server, count: number, backlog: number, timeoutMs = 10_000): Promise<ExtraDescriptors> {
  const extra: net.Server[] = [];
  if (count > 0) {
    const child = spawn(process.execPath, ["-e", ECHO], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    let failed: Error | null = null;
    child.once("error", (error) => (failed = error));
    try {
      for (let i = 0; i < count; i++) {
        const handle = await new Promise<unknown>((resolve, reject) => {
          if (failed) return reject(failed);
          const timer = setTimeout(() => reject(failed ?? new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          child.once("message", (_message, received) => {
            clearTimeout(timer);
            resolve(received);
          });
          // The raw handle ("net.Native"), so that the child does not listen on it itself.
          child.send("echo", (server as unknown as { _handle: net.Socket })._handle);
        });
        const listener = new net.Server();
        // Listening again on a listening socket only sets its backlog: keep the store's.
        await new Promise<void>((resolve, reject) => {
          listener.once("error", reject);
          listener.listen(handle as net.ListenOptions, backlog, () => resolve());
        });
        listener.on("connection", (socket) => server.emit("connection", socket));
        listener.on("error", (error) => logger.warn("A listening descriptor failed", error));
        extra.push(listener);
      }
    } catch (error) {
      logger.warn(`Accepting on ${extra.length + 1} descriptors instead of ${count + 1}`, error);
    } finally {
      // Until it has exited, the child's copies keep the socket listening (a draining store's too).
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      }
    }
  }
  return {
    count: extra.length,
    close: () => Promise.all(extra.map((listener) => new Promise<void>((resolve) => listener.close(() => resolve())))).then(() => undefined),
  };
}
