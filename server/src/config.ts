// Configuration is read from the environment once, validated, and passed down explicitly.
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { StoreSettings } from "../../common/store-settings.ts";
import { formatPhone } from "../../common/phone.ts";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Express "trust proxy": how many proxies in front of us set X-Forwarded-For (0 = none). */
  trustProxy: number;
  publicUrl: string;
  /** Unset: the embedded database (PGlite) in dataDir. May be a pooler (PgBouncer, transaction mode). */
  databaseUrl: string | null;
  /** The direct PostgreSQL connection for LISTEN and migrations, which need a session of their own
   *  (DATABASE_DIRECT_URL); equal to databaseUrl when unset. Differing from it means a pooler is in front. */
  databaseDirectUrl: string | null;
  /** Embedded database: minutes between backups into dataDir/backups (fractions allowed), and how many to keep. */
  backup: { intervalMinutes: number; keep: number };
  /** PostgreSQL pool: connections, and the bounded waits that keep an outage from hanging requests. */
  databasePool: { size: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /** On SIGTERM/SIGINT: how long in-flight requests may take to finish before their sockets are closed. */
  shutdownTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (Node's keepAliveTimeout), also while draining:
   *  longer than the balancer's own idle timeout, so the balancer always closes first. */
  keepAliveTimeoutMs: number;
  /** READ_BUDGET_MS: how long GET and HEAD requests may hold the event loop in one turn before
   *  waiting writes and database answers are taken up (issue 39); 0 serves reads as they arrive. */
  readBudgetMs: number;
  /** SOLD_OUT_ANSWERS (default true): a guest's checkout of a piece heard sold out is refused
   *  without running Apollo (graphql/sold-out-answers.ts); false sends every checkout through it. */
  soldOutAnswers: boolean;
  dataDir: string;
  uploadDir: string;
  clientDir: string;
  adminEmail: string;
  adminPassword: string | null;
  seedDemo: boolean;
  /** With the demo catalogue, also an upcoming drop (SEED_DEMO_DROP, default true). */
  seedDemoDrop: boolean;
  holdHours: number;
  /** How long after placing an order its owner may add pieces to it, no second delivery fee (BUNDLE_HOURS). */
  bundleHours: number;
  /** CLAIM_HOURS: how long after delivery a shopper may open a claim (default 48; decision 038). */
  claimHours: number;
  /** STAFF_REFUND_LIMIT: the most, in whole naira, staff may refund on one order, earlier refunds counted (default 0: none). */
  staffRefundLimit: number;
  /** Signs the short-lived links to transfer receipts (RECEIPT_LINK_SECRET); null: a key kept in the database. */
  receiptLinkSecret: string | null;
  cloudinaryUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  store: StoreSettings;
  /** Memory for cached anonymous catalogue answers (LRU, per instance). */
  responseCacheMb: number;
  /** Bearer token for GET /metrics; null: /metrics answers 404 (off). */
  metricsToken: string | null;
  /** LOG_LEVEL: the least severe lines written (info, warn, error); "silent" writes none (tests, benchmarks). */
  logLevel: LogLevel;
  /** Automatic payments through Paystack; null (no PAYSTACK_SECRET_KEY): the manual transfer only. */
  paystack: PaystackConfig | null;
  /** WhatsApp Cloud API (decision 036); null without WHATSAPP_TOKEN: no WhatsApp. */
  whatsapp: WhatsAppConfig | null;
  /** Termii SMS; null without TERMII_API_KEY: no SMS. */
  termii: TermiiConfig | null;
  /** PAYMENT_REMINDER_BEFORE_MINUTES: an unpaid order's reminder goes this long before its hold
   *  ends (fractions allowed); 0: no reminders. */
  paymentReminderBeforeMinutes: number;
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
  /** Checks X-Hub-Signature-256 on the webhook; null: every POST to it is refused. */
  appSecret: string | null;
  /** Answers Meta's GET verification of the webhook; null: refused. */
  verifyToken: string | null;
  templateLanguage: string;
}

export interface TermiiConfig {
  apiKey: string;
  baseUrl: string;
  senderId: string;
}

export interface PaystackConfig {
  secretKey: string;
  baseUrl: string;
  /** How often pending Paystack payments are verified (a lost webhook is found by then). */
  reconcileIntervalMs: number;
  /** Webhook source addresses accepted; empty: any address (the signature is checked either way). */
  webhookIps: string[];
}

export type LogLevel = "info" | "warn" | "error" | "silent";

export class ConfigError extends Error {}

/** The project's folder (migrations, the client build, assets): the nearest with a package.json
 *  above this module, whether it runs as TypeScript (server/src) or bundled (dist/node/assets). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

function positiveInt(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n > max) {
    throw new ConfigError(`${name} must be a whole number between 1 and ${max} (got "${raw}")`);
  }
  return n;
}

function databaseUrl(raw: string | undefined, name = "DATABASE_URL"): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected postgresql://user:password@host:5432/database)`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(`${name} must start with postgresql:// (got "${url.protocol}//")`);
  }
  if (!url.hostname || url.pathname.length < 2) {
    throw new ConfigError(`${name} must name a host and a database (postgresql://user@host:5432/database)`);
  }
  return raw;
}

function positiveNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new ConfigError(`${name} must be a number above 0 and at most ${max} (got "${raw}")`);
  return n;
}

function writableDir(name: string, dir: string): string {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new ConfigError(`${name} "${dir}" is not a writable directory`);
  }
  return dir;
}

function httpUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return raw.replace(/\/$/, "");
  } catch {
    /* fall through */
  }
  throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
}

function metricsToken(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 16) throw new ConfigError("METRICS_TOKEN must be at least 16 characters");
  return raw;
}

const LOG_LEVELS = ["info", "warn", "error", "silent"] as const;

function logLevel(raw: string | undefined): LogLevel {
  if (!raw) return "info";
  const level = LOG_LEVELS.find((name) => name === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${raw}")`);
  return level;
}

/** NODE_ENV as the store reads it: production, test, or else development. */
export function environmentName(env: NodeJS.ProcessEnv = process.env): Config["env"] {
  return env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
}

/**
 * The Cloudinary SDK reads CLOUDINARY_URL from the environment itself when it first loads, and picks
 * http or https from its upload_prefix then (PLATFORM.md): before that import, the environment must
 * name the same account as the configuration. The one place the store writes to the environment.
 */
export function shareCloudinaryUrlWithSdk(cloudinaryUrl: string): void {
  process.env.CLOUDINARY_URL ??= cloudinaryUrl;
}

function paystack(env: NodeJS.ProcessEnv): PaystackConfig | null {
  const secretKey = env.PAYSTACK_SECRET_KEY?.trim();
  if (!secretKey) return null;
  // Never echo the key itself: a configuration error may be printed where others read it.
  if (!/^sk_(test|live)_\S{8,}$/.test(secretKey)) throw new ConfigError("PAYSTACK_SECRET_KEY must look like sk_test_… or sk_live_…");
  const webhookIps = (env.PAYSTACK_WEBHOOK_IPS ?? "").split(",").map((ip) => ip.trim()).filter(Boolean);
  for (const ip of webhookIps) {
    if (!/^[0-9a-fA-F.:]+$/.test(ip)) throw new ConfigError(`PAYSTACK_WEBHOOK_IPS must be a comma-separated list of IP addresses (got "${ip}")`);
  }
  return {
    secretKey,
    baseUrl: httpUrl("PAYSTACK_BASE_URL", env.PAYSTACK_BASE_URL || "https://api.paystack.co"),
    reconcileIntervalMs: positiveInt("PAYSTACK_RECONCILE_INTERVAL_MS", env.PAYSTACK_RECONCILE_INTERVAL_MS, 60_000, 24 * 3600_000),
    webhookIps,
  };
}

function whatsapp(env: NodeJS.ProcessEnv): WhatsAppConfig | null {
  const token = env.WHATSAPP_TOKEN?.trim();
  if (!token) return null;
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim() ?? "";
  if (!/^\d{5,}$/.test(phoneNumberId)) throw new ConfigError("WHATSAPP_PHONE_NUMBER_ID must be the number's id from Meta's WhatsApp Manager (digits) when WHATSAPP_TOKEN is set");
  const templateLanguage = env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || "en";
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(templateLanguage)) throw new ConfigError(`WHATSAPP_TEMPLATE_LANGUAGE must be a template language code such as en or en_US (got "${templateLanguage}")`);
  return {
    token,
    phoneNumberId,
    apiUrl: httpUrl("WHATSAPP_API_URL", env.WHATSAPP_API_URL || "https://graph.facebook.com/v21.0"),
    appSecret: env.WHATSAPP_APP_SECRET?.trim() || null,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN?.trim() || null,
    templateLanguage,
  };
}

function termii(env: NodeJS.ProcessEnv): TermiiConfig | null {
  const apiKey = env.TERMII_API_KEY?.trim();
  if (!apiKey) return null;
  const senderId = env.TERMII_SENDER_ID?.trim() ?? "";
  // Termii's rule for an alphanumeric sender id.
  if (!/^[A-Za-z0-9 ]{3,11}$/.test(senderId)) throw new ConfigError("TERMII_SENDER_ID must be the sender id approved on Termii (3 to 11 letters or digits) when TERMII_API_KEY is set");
  return { apiKey, senderId, baseUrl: httpUrl("TERMII_BASE_URL", env.TERMII_BASE_URL || "https://api.ng.termii.com") };
}

function minutesOrOff(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === "0") return 0;
  return positiveNumber(name, raw, fallback, max);
}

function receiptLinkSecret(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 32) throw new ConfigError("RECEIPT_LINK_SECRET must be at least 32 characters");
  return value;
}

/** The drain's two clocks (decision 028 addendum): idle connections must age out on their own
 *  keep-alive timer before the deadline that cuts everything, or the deadline closes a connection
 *  the balancer may be sending a request on. */
function drainTimes(env: NodeJS.ProcessEnv): { shutdownTimeoutMs: number; keepAliveTimeoutMs: number } {
  const shutdownTimeoutMs = positiveInt("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS, 10_000, 600_000);
  const keepAliveTimeoutMs = positiveInt("KEEP_ALIVE_TIMEOUT_MS", env.KEEP_ALIVE_TIMEOUT_MS, 8_000, 600_000);
  if (keepAliveTimeoutMs >= shutdownTimeoutMs) {
    throw new ConfigError(`KEEP_ALIVE_TIMEOUT_MS (${keepAliveTimeoutMs}) must be shorter than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs})`);
  }
  return { shutdownTimeoutMs, keepAliveTimeoutMs };
}

/** 30 connections, opened only as they are needed. Under a drop each query holds its connection
 *  until the event loop next comes round (tens of milliseconds when the store is saturated), so the
 *  pool rather than PostgreSQL set the pace of sales: at 10, checkouts' queries waited ~300 ms for a
 *  connection each and a 10,000-shopper drop's checkouts had p99 3.7–5.4 s, at 30 under 1 s, with
 *  PostgreSQL at 0.02 cores either way (bench:drop, 28 Nov 2026; decision 026, night addendum). */
export const DEFAULT_DATABASE_POOL = { size: 30, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = environmentName(env);
  const port = env.PORT === "0" ? 0 : positiveInt("PORT", env.PORT, 4000, 65535);
  const dbUrl = databaseUrl(env.DATABASE_URL);
  const directUrl = databaseUrl(env.DATABASE_DIRECT_URL, "DATABASE_DIRECT_URL");
  if (directUrl && !dbUrl) throw new ConfigError("DATABASE_DIRECT_URL needs DATABASE_URL (the embedded database has no pooler)");
  const dataDir = path.resolve(env.DATA_DIR || path.join(ROOT, "data"));
  // The embedded database and local uploads both live under DATA_DIR.
  if (!dbUrl || !env.CLOUDINARY_URL) writableDir("DATA_DIR", dataDir);
  const uploadDir = path.resolve(env.UPLOAD_DIR || path.join(dataDir, "uploads"));
  if (!env.CLOUDINARY_URL) writableDir("UPLOAD_DIR", uploadDir);
  if (env.CLOUDINARY_URL && !env.CLOUDINARY_URL.startsWith("cloudinary://")) {
    throw new ConfigError("CLOUDINARY_URL must look like cloudinary://key:secret@cloud_name");
  }
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) {
    throw new ConfigError("SMTP_URL must look like smtp://user:password@host:587 or smtps://…");
  }
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError("ADMIN_PASSWORD must be at least 8 characters");
  }
  // Spaced as people read it (+234 803 555 0142), however it was configured.
  const phone = formatPhone(env.STORE_PHONE || "+234 803 555 0142");
  const address = env.STORE_ADDRESS || "14 Idiroko Road, Sango-Ota, Ogun State";
  return {
    env: nodeEnv,
    port,
    host: env.HOST || "0.0.0.0",
    trustProxy: env.TRUST_PROXY ? positiveInt("TRUST_PROXY", env.TRUST_PROXY, 1, 10) : 0,
    publicUrl: httpUrl("PUBLIC_URL", env.PUBLIC_URL || `http://localhost:${port || 4000}`),
    databaseUrl: dbUrl,
    databaseDirectUrl: directUrl ?? dbUrl,
    backup: {
      intervalMinutes: positiveNumber("BACKUP_INTERVAL_MINUTES", env.BACKUP_INTERVAL_MINUTES, 1440, 60 * 24 * 366),
      keep: positiveInt("BACKUP_KEEP", env.BACKUP_KEEP, 14, 10_000),
    },
    databasePool: {
      size: positiveInt("DATABASE_POOL_SIZE", env.DATABASE_POOL_SIZE, DEFAULT_DATABASE_POOL.size, 200),
      connectTimeoutMs: positiveInt("DATABASE_CONNECT_TIMEOUT_MS", env.DATABASE_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_POOL.connectTimeoutMs, 60_000),
      statementTimeoutMs: positiveInt("DATABASE_STATEMENT_TIMEOUT_MS", env.DATABASE_STATEMENT_TIMEOUT_MS, DEFAULT_DATABASE_POOL.statementTimeoutMs, 600_000),
    },
    ...drainTimes(env),
    dataDir,
    uploadDir,
    clientDir: path.resolve(env.CLIENT_DIR || path.join(ROOT, "dist/client")),
    adminEmail: (env.ADMIN_EMAIL || "admin@thrift.local").toLowerCase(),
    adminPassword,
    seedDemo: env.SEED_DEMO !== "false",
    seedDemoDrop: env.SEED_DEMO_DROP !== "false",
    holdHours: positiveInt("HOLD_HOURS", env.HOLD_HOURS, 24, 24 * 14),
    bundleHours: positiveInt("BUNDLE_HOURS", env.BUNDLE_HOURS, 48, 24 * 14),
    claimHours: positiveInt("CLAIM_HOURS", env.CLAIM_HOURS, 48, 24 * 60),
    staffRefundLimit: env.STAFF_REFUND_LIMIT === "0" ? 0 : positiveInt("STAFF_REFUND_LIMIT", env.STAFF_REFUND_LIMIT, 0, 100_000_000),
    receiptLinkSecret: receiptLinkSecret(env.RECEIPT_LINK_SECRET),
    cloudinaryUrl: env.CLOUDINARY_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || "Thrift Store <orders@thrift.local>",
    store: {
      name: env.STORE_NAME || "Thrift Store",
      phone,
      whatsapp: (env.STORE_WHATSAPP || phone).replace(/[^\d]/g, ""),
      address,
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
      pickupAddress: env.STORE_PICKUP_ADDRESS || address,
      instagramUrl: env.STORE_INSTAGRAM_URL || "https://instagram.com/thriftstore.ng",
      tiktokUrl: env.STORE_TIKTOK_URL || "https://tiktok.com/@thriftstore.ng",
      email: env.STORE_EMAIL || "hello@thrift.local",
      bankAccountName: env.BANK_ACCOUNT_NAME || "Thrift Store Enterprises",
      bankName: env.BANK_NAME || "GTBank",
      bankAccountNumber: env.BANK_ACCOUNT_NUMBER || "0123456789",
    },
    responseCacheMb: positiveInt("RESPONSE_CACHE_MB", env.RESPONSE_CACHE_MB, 32, 4096),
    readBudgetMs: env.READ_BUDGET_MS === "0" ? 0 : positiveInt("READ_BUDGET_MS", env.READ_BUDGET_MS, 4, 1000),
    soldOutAnswers: env.SOLD_OUT_ANSWERS !== "false",
    metricsToken: metricsToken(env.METRICS_TOKEN),
    logLevel: logLevel(env.LOG_LEVEL),
    paystack: paystack(env),
    whatsapp: whatsapp(env),
    termii: termii(env),
    paymentReminderBeforeMinutes: minutesOrOff("PAYMENT_REMINDER_BEFORE_MINUTES", env.PAYMENT_REMINDER_BEFORE_MINUTES, 360, 24 * 60 * 14),
  };
}

export const PROJECT_ROOT = ROOT;
