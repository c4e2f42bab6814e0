import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/browser.ts";
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const totals = new Map<string, number>();
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(url);
  await page.waitForTimeout(5000);
  const { profile } = (await cdp.send("Profiler.stop")) as any;
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const dt: number[] = profile.timeDeltas;
  const self = new Map<number, number>();
  profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0) / 1000));
  for (const [id, ms] of self) {
    const n = byId.get(id);
    const cf = n.callFrame;
    const key = `${cf.functionName || "(anon)"} ${cf.url.split("/").pop()}:${cf.lineNumber}`;
    totals.set(key, (totals.get(key) ?? 0) + ms / 3);
  }
  await context.close();
}
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(7), k);
await browser.close();
