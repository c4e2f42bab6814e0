// A TCP port on 127.0.0.1 that nothing listens on at the moment of asking: the OS picks it (port 0)
// and it is released at once, for a process started next to take. The deploy kit's local cluster,
// the benchmarks and the tests that start servers all ask here.
import net from "node:net";

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
