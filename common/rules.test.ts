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
    expect(credentialsError({ email: "a@b.ng", password: "12345" })).toBe("Password must be at least 6 characters");
    expect(credentialsError({ email: "a@b.ng", password: "123456", confirmPassword: "1234567" }, true)).toBe("Passwords do not match");
    expect(credentialsError({ email: "a@b.ng", password: "123456", confirmPassword: "123456" }, true)).toBeNull();
  });
  it("checks delivery details in the spec's order", () => {
    const errors = deliveryDetailsErrors({ fullName: "A", email: "x", phone: "0803", deliveryMethod: "doorstep", address: "" });
    expect(errors.map((e) => e.message)).toEqual([MESSAGES.name, MESSAGES.email, MESSAGES.phone, MESSAGES.addressRequired]);
    expect(deliveryDetailsErrors({ fullName: "Ada", email: "a@b.ng", phone: "08031234567", deliveryMethod: "pickup" })).toEqual([]);
  });
});
