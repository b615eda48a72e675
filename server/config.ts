// Every setting the server reads, in one place. Each one has a default so `npm start` works on a
// fresh machine; .env.example lists them all.
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Base address used in mailed links (confirm, reset password). */
  publicUrl: string;
  /** Empty: run the embedded PostgreSQL under dataDir/pg. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** True when DATA_DIR was given: then we never silently move the data elsewhere. */
  dataDirExplicit: boolean;
  /** Empty: generated once and stored in the database, so all API processes share it. */
  jwtSecret: string | undefined;
  jwtTtlHours: number;
  demoPassword: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowMinutes: number;
  /** Folder holding the built SPA. */
  distDir: string;
  bodyLimitBytes: number;
  /** Largest attachment, in MB (larger: 413). Multipart uploads have this limit, not bodyLimit. */
  attachmentMaxMb: number;
  /** Full-text search ranks only the newest N matches, so common words cost a bounded amount. */
  searchRankWindow: number;
  /** Whether X-Forwarded-For is trusted (behind a load balancer) for the client address. */
  trustProxy: boolean;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number >= ${min} (got "${raw}").`);
  }
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0);
  return {
    port,
    host: text(env, 'HOST', '0.0.0.0'),
    publicUrl: text(env, 'PUBLIC_URL', `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    databaseUrl: optional(env, 'DATABASE_URL'),
    dataDir: path.resolve(text(env, 'DATA_DIR', './data')),
    dataDirExplicit: optional(env, 'DATA_DIR') !== undefined,
    jwtSecret: optional(env, 'JWT_SECRET'),
    jwtTtlHours: integer(env, 'JWT_TTL_HOURS', 12, 1),
    demoPassword: text(env, 'DEMO_PASSWORD', 'helpdesk-demo'),
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM', 'Helpdesk <helpdesk@localhost>'),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5, 1),
    loginMaxFailuresPerIp: integer(env, 'LOGIN_MAX_FAILURES_PER_IP', 20, 1),
    loginWindowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15, 1),
    distDir: path.resolve(text(env, 'DIST_DIR', './dist')),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1048576, 1024),
    attachmentMaxMb: integer(env, 'ATTACHMENT_MAX_MB', 25, 1),
    searchRankWindow: integer(env, 'SEARCH_RANK_WINDOW', 2000, 1),
    trustProxy: text(env, 'TRUST_PROXY', 'false') === 'true',
  };
}

/** Reads ./.env when present (variables already set in the environment win). */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
