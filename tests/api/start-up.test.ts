// Starting on a port that is taken (issue 26 item 24): the server said "Cannot destructure property
// 'port' of 'server.address(...)' as it is null"; it names the port and the setting to change.
import net from "node:net";
import { startTestStore } from "../helpers/store.ts";

it("a port already in use is named, with the setting that changes it", async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const { port } = taken.address() as net.AddressInfo;
  try {
    await expect(startTestStore({ seed: false, env: { PORT: String(port) } })).rejects.toThrow(`Port ${port} is already in use (set PORT)`);
  } finally {
    taken.close();
  }
});
