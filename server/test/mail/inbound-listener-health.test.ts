// The inbound SMTP listener as a part of GET /api/health (docs/operations.md "What you watch"):
// a port another socket holds is reported down with the reason while the API stays healthy (200),
// the listener binds by itself once the port is free and then takes mail;
// INBOUND_SMTP_PORT=0 turns it off on purpose. Real workers, a real socket, real SMTP.
import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createMailListenerMonitor } from '../../mail/inbound/listener-health.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { newMessageId } from './inbound-env.js';

const envs: TestEnv[] = [];
afterAll(async () => {
  for (const env of envs) await env.close();
});

async function health(env: TestEnv) {
  const res = await env.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, data: res.json().data as Record<string, unknown> };
}

/** A plain TCP server holding a free port on 127.0.0.1, as another process would. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the inbound SMTP listener in GET /api/health', () => {
  it('is down with the reason while its port is taken, then binds by itself and takes mail', async () => {
    const holder = await holdPort();
    let released = false;
    try {
      const env = await startTestEnv(
        {
          workers: 1,
          inboundSmtp: true,
          inboundSmtpHost: '127.0.0.1',
          inboundSmtpPort: holder.port,
        },
        { mailListener: createMailListenerMonitor() },
      );
      envs.push(env);
      await env.db.query(
        `INSERT INTO mail_channels (hd_id, address) VALUES (1, 'support@example.com')
         ON CONFLICT (hd_id) DO UPDATE SET address = EXCLUDED.address`,
      );

      const down = await health(env);
      // A load balancer keeps this API process: the database answers.
      expect(down.status).toBe(200);
      expect(down.data).toMatchObject({
        status: 'ok',
        api: 'up',
        database: 'up',
        mailListener: 'down',
        mailListenerAddress: `127.0.0.1:${holder.port}`,
        mailListenerProblem: 'port in use',
      });
      expect(Date.parse(String(down.data.mailListenerDownSince))).not.toBeNaN();
      expect(Date.parse(String(down.data.mailListenerRetryAt))).not.toBeNaN();

      await holder.release();
      released = true;
      await expect
        .poll(async () => (await health(env)).data.mailListener, { timeout: 30_000, interval: 50 })
        .toBe('up');
      const up = await health(env);
      expect(up).toEqual({
        status: 200,
        data: {
          status: 'ok',
          api: 'up',
          database: 'up',
          mailListener: 'up',
          mailListenerAddress: `127.0.0.1:${holder.port}`,
        },
      });

      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: holder.port,
        secure: false,
        ignoreTLS: true,
      });
      const messageId = newMessageId();
      try {
        const info = await transport.sendMail({
          from: 'Rita Requester <rita@example.net>',
          to: 'support@example.com',
          subject: 'Arrived after all',
          text: 'The listener took this one.',
          messageId,
        });
        expect(info.response).toMatch(/^250 /);
      } finally {
        transport.close();
      }
      const { rows } = await env.db.query<{ source: string }>(
        'SELECT source FROM inbound_mails WHERE message_key = $1',
        [messageId],
      );
      expect(rows).toEqual([{ source: 'smtp' }]);
    } finally {
      if (!released) await holder.release();
    }
  });

  it('is off, and the answer healthy, with INBOUND_SMTP_PORT=0', async () => {
    const config = loadConfig({ INBOUND_SMTP_PORT: '0' });
    const env = await startTestEnv(
      { workers: 1, inboundSmtp: config.inboundSmtp, inboundSmtpPort: config.inboundSmtpPort },
      { mailListener: createMailListenerMonitor() },
    );
    envs.push(env);
    expect(await health(env)).toEqual({
      status: 200,
      data: { status: 'ok', api: 'up', database: 'up', mailListener: 'off' },
    });
  });
});
