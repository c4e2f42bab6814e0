import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { ConfigError, loadConfig, PROJECT_ROOT } from "./config.ts";

const run = promisify(execFile);
const dataDir = os.tmpdir();

describe("configuration", () => {
  it("defaults to port 4000 and the embedded database", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeNull();
    expect(config.store.bankName).toBeTruthy();
  });

  it.each([
    ["mysql://localhost/db", /must start with postgresql:\/\//],
    ["not a url", /not a valid URL/],
    ["postgresql://localhost", /must name a host and a database/],
  ])("rejects DATABASE_URL %s with one clear message", (url, message) => {
    expect(() => loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir })).toThrow(message);
  });

  it("DATABASE_DIRECT_URL (LISTEN and migrations past a pooler) defaults to DATABASE_URL and is checked the same way", () => {
    const url = "postgresql://thrift@pgbouncer:6432/thrift";
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).databaseDirectUrl).toBe(url);
    const direct = "postgresql://thrift@postgres:5432/thrift";
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_DIRECT_URL: direct })).toMatchObject({ databaseUrl: url, databaseDirectUrl: direct });
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_DIRECT_URL: "mysql://x/db" })).toThrow("DATABASE_DIRECT_URL must start with postgresql://");
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_DIRECT_URL: direct })).toThrow("DATABASE_DIRECT_URL needs DATABASE_URL");
  });

  it("backs the embedded database up daily keeping 14 by default; BACKUP_INTERVAL_MINUTES takes fractions", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).backup).toEqual({ intervalMinutes: 1440, keep: 14 });
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL_MINUTES: "0.05", BACKUP_KEEP: "3" }).backup).toEqual({ intervalMinutes: 0.05, keep: 3 });
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_INTERVAL_MINUTES: "0" })).toThrow("BACKUP_INTERVAL_MINUTES must be a number above 0");
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: "1.5" })).toThrow("BACKUP_KEEP must be a whole number");
  });

  it("rejects an unwritable DATA_DIR", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "thrift-")), "a-file");
    fs.writeFileSync(file, "");
    expect(() => loadConfig({ DATA_DIR: path.join(file, "data") })).toThrow(`DATA_DIR "${path.join(file, "data")}" is not a writable directory`);
  });

  it("bounds database waits and the shutdown drain, with defaults and overrides", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      databasePool: { size: 30, connectTimeoutMs: 5000, statementTimeoutMs: 15000 },
      shutdownTimeoutMs: 10000,
      keepAliveTimeoutMs: 8000,
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: "20",
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      SHUTDOWN_TIMEOUT_MS: "25000",
    });
    expect(config.databasePool).toEqual({ size: 20, connectTimeoutMs: 2000, statementTimeoutMs: 30000 });
    expect(config.shutdownTimeoutMs).toBe(25000);
    // Behind a balancer that keeps idle connections 60 s, the store keeps them longer, and drains longer still.
    expect(loadConfig({ DATA_DIR: dataDir, KEEP_ALIVE_TIMEOUT_MS: "65000", SHUTDOWN_TIMEOUT_MS: "75000" })).toMatchObject({ keepAliveTimeoutMs: 65000, shutdownTimeoutMs: 75000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, KEEP_ALIVE_TIMEOUT_MS: "65000" })).toThrow("KEEP_ALIVE_TIMEOUT_MS (65000) must be shorter than SHUTDOWN_TIMEOUT_MS (10000)");
  });

  it("lets reads hold the event loop 4 ms a turn unless READ_BUDGET_MS says otherwise; 0 turns the queue off", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).readBudgetMs).toBe(4);
    expect(loadConfig({ DATA_DIR: dataDir, READ_BUDGET_MS: "0" }).readBudgetMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, READ_BUDGET_MS: "10" }).readBudgetMs).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dataDir, READ_BUDGET_MS: "-1" })).toThrow("READ_BUDGET_MS must be a whole number between 1 and 1000");
  });

  it.each([
    ["DATABASE_POOL_SIZE", "0", "DATABASE_POOL_SIZE must be a whole number between 1 and 200"],
    ["DATABASE_CONNECT_TIMEOUT_MS", "5s", "DATABASE_CONNECT_TIMEOUT_MS must be a whole number between 1 and 60000"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "-1", "DATABASE_STATEMENT_TIMEOUT_MS must be a whole number between 1 and 600000"],
    ["SHUTDOWN_TIMEOUT_MS", "1.5", "SHUTDOWN_TIMEOUT_MS must be a whole number between 1 and 600000"],
    ["LOG_LEVEL", "debug", 'LOG_LEVEL must be one of info, warn, error, silent (got "debug")'],
  ])("rejects %s=%s with one clear message", (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(message);
  });

  it("reads LOG_LEVEL, info by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).logLevel).toBe("info");
    expect(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }).logLevel).toBe("warn");
    expect(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }).logLevel).toBe("silent");
  });

  it("rejects a bad PORT", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: dataDir })).toThrow("PORT must be a whole number");
  });

  it("stops start-up with one line and no stack trace", async () => {
    const tsx = path.join(PROJECT_ROOT, "node_modules/.bin/tsx");
    const error = await run(tsx, [path.join(PROJECT_ROOT, "server/src/main.ts")], {
      env: { ...process.env, DATABASE_URL: "mysql://nope/db", NODE_OPTIONS: "" },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr.trim()).toBe("Configuration error: DATABASE_URL must start with postgresql:// (got \"mysql://\")");
  }, 30_000);

  it("stops start-up with one line when PostgreSQL cannot be reached", async () => {
    const tsx = path.join(PROJECT_ROOT, "node_modules/.bin/tsx");
    const error = await run(tsx, [path.join(PROJECT_ROOT, "server/src/main.ts")], {
      env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/db", NODE_OPTIONS: "" },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr.trim().split("\n")).toHaveLength(1);
    expect(error?.stderr).toMatch(/^Start-up failed: Cannot connect to PostgreSQL at DATABASE_URL/);
  }, 30_000);

  it("WhatsApp, Termii and payment reminders (decision 036): off without their keys, defaults, fractions, 0 turns reminders off", () => {
    const plain = loadConfig({ DATA_DIR: dataDir });
    expect([plain.whatsapp, plain.termii, plain.paymentReminderBeforeMinutes]).toEqual([null, null, 360]);
    const on = loadConfig({ DATA_DIR: dataDir, WHATSAPP_TOKEN: "EAAG-token", WHATSAPP_PHONE_NUMBER_ID: "106540352242922", TERMII_API_KEY: "TL-key", TERMII_SENDER_ID: "ThriftNG", PAYMENT_REMINDER_BEFORE_MINUTES: "0.5" });
    expect(on.whatsapp).toMatchObject({ apiUrl: "https://graph.facebook.com/v21.0", templateLanguage: "en", appSecret: null, verifyToken: null });
    expect(on.termii).toMatchObject({ baseUrl: "https://api.ng.termii.com", senderId: "ThriftNG" });
    expect(on.paymentReminderBeforeMinutes).toBe(0.5);
    expect(loadConfig({ DATA_DIR: dataDir, PAYMENT_REMINDER_BEFORE_MINUTES: "0" }).paymentReminderBeforeMinutes).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, WHATSAPP_TOKEN: "EAAG-token" })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => loadConfig({ DATA_DIR: dataDir, TERMII_API_KEY: "TL-key" })).toThrow(/TERMII_SENDER_ID/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_REMINDER_BEFORE_MINUTES: "-5" })).toThrow(ConfigError);
  });

  it("Paystack is off without PAYSTACK_SECRET_KEY; with it, defaults and overrides; a bad key is refused without echoing it", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).paystack).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: "sk_test_abcdef123456" }).paystack).toEqual({
      secretKey: "sk_test_abcdef123456",
      baseUrl: "https://api.paystack.co",
      reconcileIntervalMs: 60000,
      webhookIps: [],
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      PAYSTACK_SECRET_KEY: "sk_live_abcdef123456",
      PAYSTACK_BASE_URL: "http://127.0.0.1:4010/",
      PAYSTACK_RECONCILE_INTERVAL_MS: "5000",
      PAYSTACK_WEBHOOK_IPS: "52.31.139.75, 52.49.173.169,52.214.14.220",
    });
    expect(config.paystack).toMatchObject({ baseUrl: "http://127.0.0.1:4010", reconcileIntervalMs: 5000, webhookIps: ["52.31.139.75", "52.49.173.169", "52.214.14.220"] });
    let message = "";
    try {
      loadConfig({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: "pk_test_secretvalue99" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PAYSTACK_SECRET_KEY must look like sk_test_/);
    expect(message).not.toContain("secretvalue99");
  });
});
