// Every setting the server reads, in one place. Each one has a default so `npm start` works on a
// fresh machine; .env.example lists them all.
import fs from 'node:fs';
import path from 'node:path';
import { parseAllowHosts } from './webhooks/ssrf.js';

export interface Config {
  port: number;
  host: string;
  /** Base address used in mailed links (confirm, reset password). */
  publicUrl: string;
  /**
   * PEM files of the certificate (chain) and its key: then the one port serves HTTPS, with
   * HTTP/2 for browsers that offer it and HTTP/1.1 for the rest (TLS_CERT_FILE, TLS_KEY_FILE).
   */
  tls: { certFile: string; keyFile: string } | undefined;
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
  // The public help centre (docs/help-centre.md).
  /** Requests an address may make at once to /help, and the tokens it gets back per second. */
  helpCentreBurst: number;
  helpCentrePerSecond: number;
  /** How often buffered article page views are written, in ms. */
  helpCentreViewFlushMs: number;
  /** How long the category tree and the sitemap are reused before they are read again (0: never). */
  helpCentreCacheSeconds: number;
  /** Suggestions while a ticket is typed (docs/suggestions.md): calls per address and minute. */
  suggestionsPerMinute: number;
  /** How often the suggested articles' views and deflections are written (ms). */
  suggestionCountsFlushMs: number;
  /** Whether X-Forwarded-For is trusted (behind a load balancer) for the client address. */
  trustProxy: boolean;
  // Database faults and shutdown (docs/operations.md).
  /** Longest wait for a database connection before a call answers 503. */
  dbConnectTimeoutMs: number;
  /** statement_timeout of the web requests' connections (0: none). */
  dbStatementTimeoutMs: number;
  /** idle_in_transaction_session_timeout of the web requests' connections (0: none). */
  dbIdleInTransactionTimeoutMs: number;
  /** Our own bound on one query, for a server that does not answer at all (0: none). */
  dbQueryTimeoutMs: number;
  /** Connections in the web requests' pool. */
  dbPoolMax: number;
  /** How often the health monitor asks the database `SELECT 1`, and how long it waits. */
  dbHealthIntervalMs: number;
  dbHealthTimeoutMs: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish. */
  shutdownGraceMs: number;
  // Attachment storage (issue 12).
  /** Empty: attachment files in PostgreSQL. Else an S3-compatible bucket (storage/s3-blobs.ts). */
  s3Url: string | undefined;
  // Job queue and outgoing mail (issue 8: the mail channel).
  /** Concurrent workers per job name in this process; 0: an API-only process. */
  workers: number;
  /** How often an idle worker looks for new jobs (pg-boss allows 0.5 s and up). */
  jobPollSeconds: number;
  /** Minutes between the time-based rules' passes (docs/rules.md). */
  automationPassMinutes: number;
  /** How often a worker process expires the jobs of dead workers, so they run again. */
  jobMaintenanceSeconds: number;
  /** Retries of a mail after its first attempt; then it is shown as failed. */
  mailRetryLimit: number;
  /** First retry delay; each further retry waits about twice as long. */
  mailRetryDelaySeconds: number;
  /** A mail job still running after this long is taken as lost (its worker died) and runs again. */
  mailJobExpireSeconds: number;
  /** Encrypts stored mailbox passwords; empty: one generated and kept in the database. */
  mailSecretKey: string | undefined;
  // Mail in (issue 8: the mail channel, docs/mail.md "Mail in").
  /**
   * Whether worker processes run the inbound SMTP listener (INBOUND_SMTP=off or
   * INBOUND_SMTP_PORT=0: they do not).
   */
  inboundSmtp: boolean;
  /**
   * Port of the inbound SMTP listener. INBOUND_SMTP_PORT=0 turns the listener off; a Config made
   * in code (tests, the bench) may say 0 with inboundSmtp on for any free port.
   */
  inboundSmtpPort: number;
  /** Address the listener binds to; 127.0.0.1 keeps it local (an MTA in front relays to it). */
  inboundSmtpHost: string;
  /** Largest mail the listener accepts, in MB (larger: 552); parts over ATTACHMENT_MAX_MB are listed. */
  inboundMailMaxMb: number;
  /** How often IMAP mailboxes are polled. */
  mailPollSeconds: number;
  /** Whether worker processes keep an IMAP IDLE connection per mailbox (MAIL_IDLE=off: poll only). */
  mailIdle: boolean;
  /** New tickets one sender may open by mail per hour; more are kept but ignored. */
  inboundRateLimitPerHour: number;
  /** The authserv-id of a relay whose Authentication-Results are trusted (a DMARC fail marks a
   *  mailed message as not verified); unset: those headers are ignored. */
  mailTrustedAuthservId: string | undefined;
  // Auth throttling (routes/auth/throttle.ts): growing delays instead of a lockout.
  /** First delay once a key has used its free attempts, in seconds; it doubles per attempt. */
  loginDelayBaseSeconds: number;
  /** Longest delay, in seconds. */
  loginDelayMaxSeconds: number;
  /** Password-reset and registration requests per client address before the delays start. */
  authRequestsPerIp: number;
  /** Password-reset requests per account before the delays start. */
  resetRequestsPerAccount: number;
  // Service levels (docs/sla.md).
  /** How often each worker process queues the escalation sweep (the safety net for jobs). */
  slaSweepSeconds: number;
  /** Tests only: a file holding ms to add to the SLA clock (server and workers read it). */
  testClockOffsetFile: string | undefined;
  // Live events (docs/api-live.md).
  /** Presence (viewing, typing) not re-sent within this many ms is gone. */
  presenceTtlMs: number;
  /** SSE heartbeat (comment line) interval; sessions of open streams are re-checked as often. */
  liveHeartbeatMs: number;
  // Webhooks (docs/webhooks.md).
  /** Hosts (names or addresses) webhooks may call over http and inside private ranges. */
  webhookAllowHosts: string[];
  /** First retry delay of a failed delivery; each further one waits twice as long, up to an hour. */
  webhookRetryDelaySeconds: number;
  // Single sign-on (docs/sign-in.md).
  /** Hosts (names or addresses) whose OpenID issuers may be reached over plain http. */
  ssoAllowHosts: string[];
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

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'on' || raw === 'true' || raw === '1') return true;
  if (raw === 'off' || raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be on or off (got "${raw}").`);
}

/** Both TLS files or neither: one without the other is a mistake worth stopping for. */
function tlsFiles(env: Env): Config['tls'] {
  const certFile = optional(env, 'TLS_CERT_FILE');
  const keyFile = optional(env, 'TLS_KEY_FILE');
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither.');
  }
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0);
  const statementTimeout = integer(env, 'DB_STATEMENT_TIMEOUT_MS', 5000, 0);
  const tls = tlsFiles(env);
  const scheme = tls ? 'https' : 'http';
  return {
    port,
    host: text(env, 'HOST', '0.0.0.0'),
    publicUrl: text(env, 'PUBLIC_URL', `${scheme}://127.0.0.1:${port}`).replace(/\/+$/, ''),
    tls,
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
    helpCentreBurst: integer(env, 'HELP_CENTRE_BURST', 60, 1),
    helpCentrePerSecond: integer(env, 'HELP_CENTRE_PER_SECOND', 10, 1),
    helpCentreViewFlushMs: integer(env, 'HELP_CENTRE_VIEW_FLUSH_MS', 5000, 100),
    helpCentreCacheSeconds: integer(env, 'HELP_CENTRE_CACHE_SECONDS', 30, 0),
    suggestionsPerMinute: integer(env, 'SUGGESTIONS_PER_MINUTE', 120, 1),
    suggestionCountsFlushMs: integer(env, 'SUGGESTION_COUNTS_FLUSH_MS', 5000, 100),
    trustProxy: text(env, 'TRUST_PROXY', 'false') === 'true',
    // Database faults and shutdown.
    dbConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 1000, 100),
    dbStatementTimeoutMs: statementTimeout,
    dbIdleInTransactionTimeoutMs: integer(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 5000, 0),
    dbQueryTimeoutMs: integer(
      env,
      'DB_QUERY_TIMEOUT_MS',
      statementTimeout ? statementTimeout + 1000 : 0,
      0,
    ),
    dbPoolMax: integer(env, 'DB_POOL_MAX', 10, 1),
    dbHealthIntervalMs: integer(env, 'DB_HEALTH_INTERVAL_MS', 500, 100),
    dbHealthTimeoutMs: integer(env, 'DB_HEALTH_TIMEOUT_MS', 1000, 100),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10000, 0),
    // Attachment storage (issue 12).
    s3Url: optional(env, 'S3_URL'),
    workers: integer(env, 'WORKERS', 2, 0),
    jobPollSeconds: integer(env, 'JOB_POLL_SECONDS', 2, 1),
    automationPassMinutes: Math.min(59, integer(env, 'AUTOMATION_PASS_MINUTES', 5, 1)),
    jobMaintenanceSeconds: integer(env, 'JOB_MAINTENANCE_SECONDS', 60, 1),
    mailRetryLimit: integer(env, 'MAIL_RETRY_LIMIT', 5, 0),
    mailRetryDelaySeconds: integer(env, 'MAIL_RETRY_DELAY_SECONDS', 30, 1),
    mailJobExpireSeconds: integer(env, 'MAIL_JOB_EXPIRE_SECONDS', 300, 1),
    mailSecretKey: optional(env, 'MAIL_SECRET_KEY'),
    inboundSmtp:
      onOff(env, 'INBOUND_SMTP', true) && integer(env, 'INBOUND_SMTP_PORT', 2525, 0) !== 0,
    inboundSmtpPort: integer(env, 'INBOUND_SMTP_PORT', 2525, 0),
    inboundSmtpHost: text(env, 'INBOUND_SMTP_HOST', '127.0.0.1'),
    inboundMailMaxMb: integer(env, 'INBOUND_MAIL_MAX_MB', 50, 1),
    mailPollSeconds: integer(env, 'MAIL_POLL_SECONDS', 60, 5),
    mailIdle: onOff(env, 'MAIL_IDLE', true),
    inboundRateLimitPerHour: integer(env, 'INBOUND_RATE_LIMIT_PER_HOUR', 20, 1),
    mailTrustedAuthservId: optional(env, 'MAIL_TRUSTED_AUTHSERV_ID')?.toLowerCase(),
    loginDelayBaseSeconds: integer(env, 'LOGIN_DELAY_BASE_SECONDS', 2, 1),
    loginDelayMaxSeconds: integer(env, 'LOGIN_DELAY_MAX_SECONDS', 900, 1),
    authRequestsPerIp: integer(env, 'AUTH_REQUESTS_PER_IP', 10, 1),
    resetRequestsPerAccount: integer(env, 'RESET_REQUESTS_PER_ACCOUNT', 3, 1),
    slaSweepSeconds: integer(env, 'SLA_SWEEP_SECONDS', 60, 1),
    testClockOffsetFile: optional(env, 'TEST_CLOCK_OFFSET_FILE'),
    presenceTtlMs: integer(env, 'PRESENCE_TTL_MS', 10000, 1000),
    liveHeartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', 15000, 1000),
    webhookAllowHosts: parseAllowHosts(env.WEBHOOK_ALLOW_HOSTS),
    webhookRetryDelaySeconds: integer(env, 'WEBHOOK_RETRY_DELAY_SECONDS', 30, 1),
    ssoAllowHosts: parseAllowHosts(env.SSO_ALLOW_HOSTS),
  };
}

/** Reads ./.env when present (variables already set in the environment win). */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
