import fs from "node:fs";
import path from "node:path";
import { pageChunksOf } from "./page-chunks.ts";

// A manifest shaped like Vite's: the entry (index.html) with its shared chunk, and pages importing
// the entry, the shared chunk and chunks of their own (one shared by two pages, one nested).
const manifest = {
  "index.html": { file: "assets/index-1.js", imports: ["_shop.js"] },
  "_shop.js": { file: "assets/shop-1.js" },
  "_fit.js": { file: "assets/fit-1.js", imports: ["_shop.js"] },
  "_units.js": { file: "assets/units-1.js", imports: ["_fit.js"] },
  "src/features/catalog/ProductPage.tsx": { file: "assets/ProductPage-1.js", imports: ["index.html", "_shop.js", "_units.js", "_fit.js"] },
  "src/features/home/HomePage.tsx": { file: "assets/HomePage-1.js", imports: ["_shop.js", "index.html"] },
};

describe("pageChunksOf", () => {
  const chunks = pageChunksOf(manifest);

  it("names the page's chunk and every chunk it imports that the first bundle does not bring, each once", () => {
    expect(chunks("src/features/catalog/ProductPage.tsx")).toEqual(["/assets/ProductPage-1.js", "/assets/units-1.js", "/assets/fit-1.js"]);
    expect(chunks("src/features/home/HomePage.tsx")).toEqual(["/assets/HomePage-1.js"]);
  });

  it("names nothing for a page module the build does not have, a route without a page, or no build", () => {
    expect(chunks("src/features/home/Gone.tsx")).toEqual([]);
    expect(chunks(null)).toEqual([]);
    expect(pageChunksOf(null)("src/features/home/HomePage.tsx")).toEqual([]);
  });
});

describe("the route table's page modules", () => {
  // The browser's route table (client/src/app/routes.tsx) loads each page module by import(); the
  // server renderer names it by its manifest path (client/src/app/page-module-paths.ts). A path that
  // drifts from its import would stop the page's chunk being preloaded without any error.
  const routesFile = path.resolve("client/src/app/routes.tsx");
  const routes = fs.readFileSync(routesFile, "utf8");
  const imports = new Map([...routes.matchAll(/^ {2}(\w+): \(\) => import\("([^"]+)"\),$/gm)].map((m) => [m[1]!, m[2]!]));
  const paths = new Map([...fs.readFileSync("client/src/app/page-module-paths.ts", "utf8").matchAll(/^ {2}(\w+): "([^"]+)",$/gm)].map((m) => [m[1]!, m[2]!]));

  it("names, for every page module, the file its import() loads", () => {
    expect(imports.size).toBe(routes.match(/import\("/g)!.length);
    expect(imports.size).toBeGreaterThanOrEqual(14);
    expect([...paths.keys()].sort()).toEqual([...imports.keys()].sort());
    for (const [name, imported] of imports) {
      const manifestPath = path.resolve("client", paths.get(name)!);
      expect({ name, file: manifestPath }).toEqual({ name, file: path.resolve(path.dirname(routesFile), imported) });
      expect(fs.existsSync(manifestPath)).toBe(true);
    }
  });
});
