import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/browser.ts";
const url = process.argv[2]!;
const inject = process.argv[3] ?? "";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block", javaScriptEnabled: false });
  const page = await context.newPage();
  if (inject) await page.route(url, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace("</head>", `<style>${inject}</style></head>`);
    await route.fulfill({ response: res, body, headers: { ...res.headers(), "content-security-policy": "" } });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await page.goto(url);
  await page.waitForTimeout(2500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as any[];
  const sum = (name: string) => events.filter((e) => e.name === name && e.ph === "X").reduce((t, e) => t + e.dur / 1000, 0);
  const layouts = events.filter((e) => e.name === "Layout" && e.ph === "X").sort((a, b) => b.dur - a.dur).slice(0, 2).map((e) => `${(e.dur / 1000).toFixed(0)}ms/${e.args?.beginData?.totalObjects}obj`);
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1);
  console.log(`layout total ${sum("Layout").toFixed(0)} style ${sum("UpdateLayoutTree").toFixed(0)} paint ${sum("Paint").toFixed(0)} parse ${sum("ParseHTML").toFixed(0)} biggest ${layouts.join(" ")} fcp ${fcp.toFixed(0)}`);
  await context.close();
}
await browser.close();
