import { chromium } from "playwright-core";
import fs from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/browser.ts";
const url = process.argv[2] ?? "http://127.0.0.1:4555/";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "toplevel"] });
  await page.goto(url);
  await page.waitForTimeout(6000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: any[] };
  const events = trace.traceEvents;
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const count = (m: any) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === "FunctionCall").length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const nav = events.find((e) => e.name === "navigationStart" || e.name === "TracingStartedInBrowser")?.ts ?? onMain[0].ts;
  const hydrated = await page.evaluate(() => Object.keys(document.getElementById("root") ?? {}).some((k) => k.startsWith("__reactContainer")));
  const names = new Map<string, number>();
  for (const e of onMain) names.set(e.name, (names.get(e.name) ?? 0) + 1);
  console.log("hydrated", hydrated, [...names].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([n, c]) => `${n}:${c}`).join(" "));
  const tasks = onMain.filter((e) => (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur > 30000);
  console.log(`run ${run}: ${tasks.length} tasks > 30 ms (4x)`);
  for (const task of tasks) {
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task && e.dur > 3000);
    const desc = inside.filter((e) => !["RunTask"].includes(e.name)).slice(0, 12).map((e) => `${e.name}${e.args?.data?.url ? "(" + String(e.args.data.url).split("/").pop() + ")" : ""}${e.args?.data?.functionName ? "[" + e.args.data.functionName + "]" : ""}${e.args?.data?.type ? "{" + e.args.data.type + "}" : ""} ${(e.dur / 1000).toFixed(0)}`);
    console.log(`  @${((task.ts - nav) / 1000).toFixed(0)} ${(task.dur / 1000).toFixed(0)} ms: ${desc.join(" | ")}`);
  }
  await context.close();
}
await browser.close();
