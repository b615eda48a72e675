// The mail channels API: agents only; addresses unique whatever their case; mailbox passwords
// encrypted at rest and never returned; "test connection" against a real dovecot saying exactly
// which step failed.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '../../mail/secret.js';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import { person, type Person } from '../work-helpers.js';
import { startDovecot, type DovecotServer } from '../support/dovecot.js';

let env: TestEnv;
let agent: Person;
let alice: Person;
let imap: DovecotServer;
const account = { user: 'support', password: 'imap-secret-1' };

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  agent = await person(env, 'Agent Mail', true, true);
  alice = await person(env, 'Alice Mail');
  imap = await startDovecot([account]);
});
afterAll(async () => {
  await imap?.stop();
  await env.close();
});

function call(method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) {
  return env.app.inject({
    method,
    url: `/api/${url}`,
    headers: token ? auth(token) : {},
    ...(payload ? { payload } : {}),
  });
}

const imapSettings = (extra: object = {}) => ({
  host: '127.0.0.1',
  port: imap.port,
  tls: false,
  user: account.user,
  folder: 'INBOX',
  ...extra,
});

async function storedPassword(hdId: number): Promise<string | null> {
  const { rows } = await env.db.query<{ imap_password: string | null }>(
    `SELECT imap_password FROM mail_channels WHERE hd_id = $1`,
    [hdId],
  );
  return rows[0]?.imap_password ?? null;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('mail channels: access', () => {
  it('answers 401 anonymous and 403 to users who are not agents', async () => {
    expect((await call('GET', 'mail-channel/')).statusCode).toBe(401);
    expect(
      (await call('PUT', 'mail-channel/1/', undefined, { address: null, imap: null })).statusCode,
    ).toBe(401);
    expect((await call('POST', 'mail-channel/1/test/')).statusCode).toBe(401);
    expect((await call('GET', 'mail-channel/', alice.token)).statusCode).toBe(403);
    const put = await call('PUT', 'mail-channel/1/', alice.token, {
      address: 'x@example.com',
      imap: null,
    });
    expect(put.statusCode).toBe(403);
    expect((await call('POST', 'mail-channel/1/test/', alice.token)).statusCode).toBe(403);
    expect(await storedPassword(1)).toBeNull();
  });
});

describe('mail channels: list and save', () => {
  it('lists every help desk, also those without a channel', async () => {
    const res = await call('GET', 'mail-channel/', agent.token);
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { hd_id: number; hd_name: string }[];
    expect(items.map((i) => i.hd_name)).toEqual(
      expect.arrayContaining(['IT Support', 'HR', 'Facilities', 'Knowledge base']),
    );
    expect(items.find((i) => i.hd_id === 4)).toEqual({
      hd_id: 4,
      hd_name: 'HR',
      object_type: 'T',
      address: null,
      imap: null,
      last_poll_at: null,
      last_error: null,
    });
  });

  it('saves an address and a mailbox; the password is encrypted and never returned', async () => {
    const res = await call('PUT', 'mail-channel/1/', agent.token, {
      address: 'Support@Example.com',
      imap: imapSettings({ password: account.password }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      hd_id: 1,
      hd_name: 'IT Support',
      object_type: 'T',
      address: 'Support@Example.com',
      imap: {
        host: '127.0.0.1',
        port: imap.port,
        tls: false,
        user: 'support',
        folder: 'INBOX',
        has_password: true,
      },
      last_poll_at: null,
      last_error: null,
    });
    expect(res.body).not.toContain(account.password);
    const sealed = await storedPassword(1);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(account.password);
    // The same key (here: generated and kept in app_settings) opens it again.
    expect(await secretBox(env.db, undefined).open(sealed ?? '')).toBe(account.password);
    const list = await call('GET', 'mail-channel/', agent.token);
    expect(list.body).not.toContain(account.password);
    expect(list.body).not.toContain(sealed);
  });

  it('keeps the stored password when none is given', async () => {
    const before = await storedPassword(1);
    const res = await call('PUT', 'mail-channel/1/', agent.token, {
      address: 'support@example.com',
      imap: imapSettings({ folder: 'Archive' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.imap).toMatchObject({ folder: 'Archive', has_password: true });
    expect(await storedPassword(1)).toBe(before);
    await call('PUT', 'mail-channel/1/', agent.token, {
      address: 'support@example.com',
      imap: imapSettings(),
    });
  });

  it('answers 409 on the address when another desk has it, whatever its case', async () => {
    const res = await call('PUT', 'mail-channel/4/', agent.token, {
      address: 'SUPPORT@example.com',
      imap: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({
      address: 'SUPPORT@example.com is already the address of IT Support.',
    });
    const ok = await call('PUT', 'mail-channel/4/', agent.token, {
      address: 'hr@example.com',
      imap: null,
    });
    expect(ok.json().data).toMatchObject({ hd_id: 4, address: 'hr@example.com', imap: null });
  });

  it('answers 400 with field messages, and 404 for an unknown desk', async () => {
    const bad = await call('PUT', 'mail-channel/4/', agent.token, {
      address: 'not an address',
      imap: { host: '', port: 70000, tls: 'maybe', user: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      address: 'Enter a valid email address.',
      'imap.host': 'IMAP host is required.',
      'imap.port': 'Port must be 1 to 65535.',
      'imap.tls': 'TLS must be true or false.',
      'imap.user': 'User name is required.',
    });
    const missing = await call('PUT', 'mail-channel/4/', agent.token, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['address', 'imap']);
    // A new mailbox needs a password.
    const noPassword = await call('PUT', 'mail-channel/4/', agent.token, {
      address: 'hr@example.com',
      imap: imapSettings(),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toEqual({ 'imap.password': 'Password is required.' });
    // Content help desks take no mail.
    const content = await call('PUT', 'mail-channel/5/', agent.token, {
      address: 'kb@example.com',
      imap: null,
    });
    expect(content.statusCode).toBe(400);
    expect(content.json().fields).toHaveProperty('address');
    const unknown = await call('PUT', 'mail-channel/999/', agent.token, {
      address: null,
      imap: null,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', 'mail-channel/999/test/', agent.token)).statusCode).toBe(404);
    expect((await call('PUT', 'mail-channel/abc/', agent.token, {})).statusCode).toBe(400);
    // Nothing of the refused calls was written.
    const hr = (await call('GET', 'mail-channel/', agent.token))
      .json()
      .data.items.find((i: { hd_id: number }) => i.hd_id === 4);
    expect(hr).toMatchObject({ address: 'hr@example.com', imap: null });
  });

  it('removes a mailbox with imap: null', async () => {
    await call('PUT', 'mail-channel/6/', agent.token, {
      address: 'facilities@example.com',
      imap: imapSettings({ password: 'x-secret' }),
    });
    const res = await call('PUT', 'mail-channel/6/', agent.token, {
      address: null,
      imap: null,
    });
    expect(res.json().data).toMatchObject({ address: null, imap: null });
    expect(await storedPassword(6)).toBeNull();
  });
});

describe('mail channels: test connection (real dovecot)', () => {
  it('connects with the stored settings and counts the folder', async () => {
    await imap.append(account, 'Subject: one\r\n\r\nHello\r\n');
    await imap.append(account, 'Subject: two\r\n\r\nHello again\r\n');
    const res = await call('POST', 'mail-channel/1/test/', agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ok: true,
      message: 'Connected; folder INBOX has 2 messages.',
    });
  });

  it('says the login failed, with the server answer, for a wrong password', async () => {
    const res = await call('POST', 'mail-channel/1/test/', agent.token, {
      imap: imapSettings({ password: 'wrong-password' }),
    });
    expect(res.json().data.ok).toBe(false);
    expect(res.json().data.message).toMatch(/^Login failed for support: .*authentication failed/i);
  });

  it('says which folder does not exist (the stored password is used when none is given)', async () => {
    const res = await call('POST', 'mail-channel/1/test/', agent.token, {
      imap: imapSettings({ folder: 'Nope' }),
    });
    expect(res.json().data).toEqual({ ok: false, message: 'Folder Nope does not exist' });
  });

  it('says the connection was refused on a port nothing listens on', async () => {
    const port = await closedPort();
    const res = await call('POST', 'mail-channel/1/test/', agent.token, {
      imap: imapSettings({ port, password: 'x' }),
    });
    expect(res.json().data).toEqual({
      ok: false,
      message: `Could not connect to 127.0.0.1:${port}: connection refused`,
    });
  });

  it('says the TLS handshake failed when the server does not speak TLS', async () => {
    const res = await call('POST', 'mail-channel/1/test/', agent.token, {
      imap: imapSettings({ tls: true }),
    });
    expect(res.json().data.ok).toBe(false);
    expect(res.json().data.message).toMatch(/^TLS handshake failed: /);
  });

  it('answers 400 when the desk has no mailbox to test', async () => {
    const res = await call('POST', 'mail-channel/4/test/', agent.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This help desk has no IMAP mailbox to test.');
  });
});
