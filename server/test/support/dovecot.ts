// A real IMAP server for tests: Debian's dovecot run from a throwaway configuration in a temp
// folder (its own base_dir, passwd-file and maildirs), listening on 127.0.0.1 on a free port.
// Never the system service. Where dovecot is missing the test fails saying what to install.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';
export const DOVECOT_MISSING = `dovecot is not installed (${DOVECOT_BINARY} not found): install dovecot-imapd (apt-get install dovecot-imapd)`;

export interface ImapAccount {
  user: string;
  password: string;
}

export interface DovecotServer {
  host: string;
  port: number;
  /** Adds a mailbox account (usable at once). */
  addUser: (account: ImapAccount) => void;
  /** Appends a raw mail to a folder of an account (INBOX by default), unseen. */
  append: (account: ImapAccount, raw: string | Buffer, folder?: string) => Promise<void>;
  /** The flags of every mail in a folder, oldest first. */
  flags: (account: ImapAccount, folder?: string) => Promise<string[][]>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** uid:gid of an OS user from /etc/passwd, or undefined. */
function osUser(name: string): { uid: number; gid: number } | undefined {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

interface Identity {
  internalUser: string;
  loginUser: string;
  mailUid: number;
  mailGid: number;
}

/**
 * Dovecot refuses to run its login processes as root and mail as uid 0. As root we use the
 * package's own `dovecot`/`dovenull` users (the mail folders are owned by `dovecot`); as anyone
 * else, everything runs as the current user.
 */
function identity(): Identity {
  const me = os.userInfo();
  if (me.uid !== 0) {
    return {
      internalUser: me.username,
      loginUser: me.username,
      mailUid: me.uid,
      mailGid: me.gid,
    };
  }
  const dovecot = osUser('dovecot');
  const dovenull = osUser('dovenull');
  if (!dovecot || !dovenull) throw new Error(DOVECOT_MISSING);
  return {
    internalUser: 'dovecot',
    loginUser: 'dovenull',
    mailUid: dovecot.uid,
    mailGid: dovecot.gid,
  };
}

function config(dir: string, port: number, who: Identity): string {
  return `# Throwaway test configuration (server/test/support/dovecot.ts)
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${who.internalUser}
default_internal_group = ${who.internalUser}
default_login_user = ${who.loginUser}
first_valid_uid = ${who.mailUid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd.d/%u
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd.d/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`;
}

function waitForGreeting(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (chunk) => {
        socket.destroy();
        if (chunk.toString().startsWith('* OK')) resolve();
        else retry(new Error(`unexpected greeting ${chunk.toString()}`));
      });
      socket.once('error', retry);
    };
    const retry = (err: Error) => {
      if (Date.now() > deadline) reject(err);
      else setTimeout(attempt, 100);
    };
    attempt();
  });
}

async function withClient<T>(
  host: string,
  port: number,
  account: ImapAccount,
  run: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = new ImapFlow({
    host,
    port,
    secure: false,
    auth: { user: account.user, pass: account.password },
    logger: false,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.logout().catch(() => undefined);
  }
}

export async function startDovecot(accounts: ImapAccount[] = []): Promise<DovecotServer> {
  if (!fs.existsSync(DOVECOT_BINARY)) throw new Error(DOVECOT_MISSING);
  const who = identity();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-dovecot-'));
  // mkdtemp makes a 700 folder; as root, dovecot's own users must enter it.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
  fs.chownSync(path.join(dir, 'mail'), who.mailUid, who.mailGid);

  // One passwd-file per account: dovecot reads a new file at once, where a rewritten shared
  // file may be served from its cache for the rest of that second.
  fs.mkdirSync(path.join(dir, 'passwd.d'));
  const addUser = (a: ImapAccount) => {
    if (!/^[a-z0-9._-]+$/i.test(a.user) || /[:\n]/.test(a.password)) {
      throw new Error(`invalid test IMAP account ${a.user}`);
    }
    const line = `${a.user}:{PLAIN}${a.password}:${who.mailUid}:${who.mailGid}::${dir}/mail/${a.user}::\n`;
    fs.writeFileSync(path.join(dir, 'passwd.d', a.user), line, { mode: 0o644 });
  };
  for (const a of accounts) addUser(a);

  const port = await freePort();
  const confFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(confFile, config(dir, port, who));

  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', confFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed: Error | undefined;
  child.once('error', (err) => (failed = err));

  const log = () => {
    const file = path.join(dir, 'dovecot.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };
  try {
    await Promise.race([
      waitForGreeting(port, Date.now() + 15_000),
      exited.then(() => {
        throw new Error(`dovecot exited at start: ${stderr}${log()}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start dovecot (${failed?.message ?? (err as Error).message})`);
  }

  const host = '127.0.0.1';
  return {
    host,
    port,
    addUser,
    append: (account, raw, folder = 'INBOX') =>
      withClient(host, port, account, async (client) => {
        await client.append(folder, raw, []);
      }),
    flags: (account, folder = 'INBOX') =>
      withClient(host, port, account, async (client) => {
        const lock = await client.getMailboxLock(folder);
        try {
          const out: string[][] = [];
          const exists = typeof client.mailbox === 'object' ? client.mailbox.exists : 0;
          if (exists === 0) return out;
          for await (const m of client.fetch('1:*', { flags: true, uid: true })) {
            out.push([...(m.flags ?? new Set<string>())]);
          }
          return out;
        } finally {
          lock.release();
        }
      }),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
