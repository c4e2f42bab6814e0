import fs from "node:fs";
import path from "node:path";
import { slugify } from "./slug.ts";
import { percentOff } from "./pricing.ts";
import { resolveCategorySlug } from "./categories.ts";
import { credentialsError, deliveryDetailsErrors, MESSAGES } from "./validation.ts";

describe("slugify", () => {
  it("lowercases, turns runs of non-alphanumerics into one hyphen and trims", () => {
    expect(slugify("  Levi's 501 -- Straight Jeans!! ")).toBe("levis-501-straight-jeans");
    expect(slugify("Ankara Gown (Size 12)")).toBe("ankara-gown-size-12");
    expect(slugify("---")).toBe("");
  });
  it("transliterates accented letters instead of dropping them", () => {
    expect(slugify("Gèlè")).toBe("gele");
    expect(slugify("Aṣọ Ẹbí Lace Iró")).toBe("aso-ebi-lace-iro");
    expect(slugify("Crème Brûlée Café Blouse")).toBe("creme-brulee-cafe-blouse");
    expect(slugify("Men’s Agbádá")).toBe("mens-agbada");
  });
});

describe("percentOff", () => {
  it("rounds (original - price) / original", () => {
    expect(percentOff("4500", "6500")).toBe(31);
    expect(percentOff("1000", "3000")).toBe(67);
  });
  it("is null without a real discount", () => {
    expect(percentOff("4500", null)).toBeNull();
    expect(percentOff("4500", "4500")).toBeNull();
    expect(percentOff("4500", "4000")).toBeNull();
  });
});

describe("resolveCategorySlug", () => {
  it("knows main and sub categories", () => {
    expect(resolveCategorySlug("ladies-tops")).toMatchObject({ main: { name: "Ladies" }, subSlug: "ladies-tops" });
    expect(resolveCategorySlug("men")).toMatchObject({ main: { name: "Men" }, subSlug: null });
    expect(resolveCategorySlug("bales")).toMatchObject({ main: { name: "Bales" }, subSlug: "bales" });
    expect(resolveCategorySlug("nope")).toBeNull();
  });
});

describe("validation messages", () => {
  it("uses the spec's wording for credentials", () => {
    expect(credentialsError({ email: "bad", password: "secret1" })).toBe("Invalid email address");
    expect(credentialsError({ email: "a@b.ng", password: "1234567", confirmPassword: "1234567" }, true)).toBe("Password must be at least 8 characters");
    expect(credentialsError({ email: "a@b.ng", password: "kola-nut-9", confirmPassword: "kola-nut-8" }, true)).toBe("Passwords do not match");
    expect(credentialsError({ email: "a@b.ng", password: "kola-nut-9", confirmPassword: "kola-nut-9" }, true)).toBeNull();
  });
  it("lets older accounts with shorter passwords still log in (the policy is for new passwords)", () => {
    expect(credentialsError({ email: "a@b.ng", password: "12345" })).toBeNull();
    expect(credentialsError({ email: "a@b.ng", password: "" })).toBe(MESSAGES.passwordRequired);
  });
  it("refuses repeated characters, runs and the email in a new password (the browser's cheap checks)", () => {
    const signUp = (password: string, email = "chioma.obi@example.ng") => credentialsError({ email, password, confirmPassword: password }, true);
    for (const weak of ["aaaaaaaa", " ".repeat(12), "12345678", "abcdefgh", "87654321"]) expect(signUp(weak)).toBe(MESSAGES.passwordTooCommon);
    expect(signUp("chioma.obi@example.ng")).toBe(MESSAGES.passwordHasEmail);
    expect(signUp("CHIOMA.OBI-2026")).toBe(MESSAGES.passwordHasEmail);
    expect(signUp("mango bicycle Lekki")).toBeNull();
  });
  it("checks delivery details in the spec's order", () => {
    const errors = deliveryDetailsErrors({ fullName: "A", email: "x", phone: "0803", deliveryMethod: "doorstep", address: "" });
    expect(errors.map((e) => e.message)).toEqual([MESSAGES.name, MESSAGES.email, MESSAGES.phone, MESSAGES.addressRequired]);
    expect(deliveryDetailsErrors({ fullName: "Ada", email: "a@b.ng", phone: "08031234567", deliveryMethod: "pickup" })).toEqual([]);
  });
});

describe("each rule is written once", () => {
  // Source we write (generated code, dependencies and build output left out).
  const ROOTS = ["server/src", "server/scripts", "client/src", "client/explorer", "common", "prisma", "tests", "bench"];
  const SKIP = /(^|\/)(node_modules|generated|gql|dist|migrations)(\/|$)/;
  function sources(): string[] {
    const files: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (SKIP.test(full)) continue;
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(full);
      }
    };
    ROOTS.forEach(walk);
    return files;
  }
  const files = sources();
  const readAll = files.map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
  // Built from pieces so this file does not match itself.
  const hex = "[0-9a-f]";
  const uuidPatterns = [`${hex}{8}-`, `[0-9a-f-]{${36}}`, `[0-9a-fA-F]{${8}}`];
  const quotedList = (words: string) => new RegExp(words.split(" ").map((w) => `["']${w}["']`).join(",\\s*"));
  const statusList = quotedList("pending confirmed processing");
  const paymentList = quotedList("awaiting_transfer under_review");

  it("scans the source tree", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join("common", "uuid.ts"));
  });
  it("writes the UUID pattern only in common/uuid.ts", () => {
    const found = readAll.filter(({ text }) => uuidPatterns.some((p) => text.includes(p))).map(({ file }) => file);
    expect(found).toEqual([path.join("common", "uuid.ts")]);
  });
  it("lists the order statuses and the payment statuses only in common/order-status.ts", () => {
    const found = readAll.filter(({ text }) => statusList.test(text) || paymentList.test(text)).map(({ file }) => file);
    expect(found).toEqual([path.join("common", "order-status.ts")]);
  });
});
