import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// Webhooks: an administrator registers two endpoints on a receiver this test starts (the e2e
// server allows 127.0.0.1 through WEBHOOK_ALLOW_HOSTS), a raised ticket reaches the good one as a
// signed delivery, the failing one shows its retries in the delivery log, a delivery is sent
// again with the same id, and both endpoints are deleted at the end.
test('webhooks: a signed delivery arrives, a failing endpoint shows its retries', async ({
  browser,
}) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url === '/fail') res.writeHead(500).end('receiver is down');
      else res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const at = (path: string) => received.filter((r) => r.path === path);

  const admin = await pageAs(browser, 'agent@example.com');
  try {
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Webhooks', exact: true })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expectAccessible(admin);

    const secrets = new Map<string, string>();
    for (const path of ['/ok', '/fail']) {
      await admin.getByRole('button', { name: 'Add an endpoint' }).click();
      const form = admin.getByRole('form', { name: 'New endpoint' });
      await form.getByLabel('URL').fill(`${base}${path}`);
      await expect(form.getByRole('checkbox', { name: 'Ticket created' })).toBeChecked();
      await form.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(toast(admin, 'Endpoint saved.')).toBeVisible();
      const secret = admin.getByLabel('Secret', { exact: true });
      await expect(secret).toHaveValue(/^whsec_/);
      secrets.set(path, await secret.inputValue());
      await expectAccessible(admin);
      await admin.getByRole('button', { name: 'I have copied it' }).click();
      await expect(admin.getByLabel('Secret', { exact: true })).toHaveCount(0);
    }

    // A ticket is raised (through the API, with the admin's own session).
    const token = await admin.evaluate(() => localStorage.getItem('token'));
    const subject = unique('Webhook journey');
    const raised = await admin.request.post('/api/ticket/', {
      headers: { Authorization: `JWT ${token}` },
      data: { subject, description: '<p>For the receiver.</p>', priority_id: 2 },
    });
    expect(raised.status()).toBe(200);

    // The good endpoint gets one signed delivery of the event.
    await expect.poll(() => at('/ok').length, { timeout: 20_000 }).toBe(1);
    const [got] = at('/ok');
    expect(got.headers['x-helpdesk-event']).toBe('ticket.created');
    const stamp = String(got.headers['x-helpdesk-timestamp']);
    const mac = createHmac('sha256', secrets.get('/ok') ?? '')
      .update(`${stamp}.${got.body}`)
      .digest('hex');
    expect(got.headers['x-helpdesk-signature']).toBe(`sha256=${mac}`);
    expect(JSON.parse(got.body).data.ticket.subject).toBe(subject);

    // The failing one is tried again, with the same delivery id, and its log shows it.
    await expect.poll(() => at('/fail').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const ids = new Set(at('/fail').map((r) => r.headers['x-helpdesk-delivery']));
    expect(ids.size).toBe(1);
    await admin.getByRole('button', { name: `Delivery log of ${base}/fail` }).click();
    const failLog = admin.getByRole('table', { name: `Delivery log: ${base}/fail` });
    await expect(async () => {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      const row = failLog.getByRole('row').nth(1);
      await expect(row).toContainText('Retrying', { timeout: 1000 });
      const attempts = Number(await row.getByRole('cell').nth(3).innerText());
      expect(attempts).toBeGreaterThanOrEqual(2);
    }).toPass({ timeout: 20_000 });
    const failRow = failLog.getByRole('row').nth(1);
    await expect(failRow).toContainText('500');
    await failRow.getByRole('button', { name: /^Show the attempts of delivery/ }).click();
    await expect(failLog.getByText('Response (first 2 KB)').first()).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Close the log' }).click();

    // "Send again": one more attempt of the same delivery to the good endpoint.
    await admin.getByRole('button', { name: `Delivery log of ${base}/ok` }).click();
    const okLog = admin.getByRole('table', { name: `Delivery log: ${base}/ok` });
    const okRow = okLog.getByRole('row').nth(1);
    await expect(okRow).toContainText('Delivered');
    await okRow.getByRole('button', { name: /^Send again: delivery / }).click();
    await expect(toast(admin, 'Sent again.')).toBeVisible();
    await expect.poll(() => at('/ok').length, { timeout: 20_000 }).toBe(2);
    expect(at('/ok')[1].headers['x-helpdesk-delivery']).toBe(got.headers['x-helpdesk-delivery']);
    await expectAccessible(admin);
  } finally {
    // Clean up: both endpoints go (the log with them), so later journeys send nothing.
    for (const path of ['/ok', '/fail']) {
      const del = admin.getByRole('button', { name: `Delete ${base}${path}` });
      if ((await del.count()) === 0) continue;
      await del.click();
      const dialog = admin.getByRole('dialog');
      await expect(dialog).toContainText(`${base}${path} gets no more deliveries`);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(admin.getByRole('button', { name: `Delete ${base}${path}` })).toHaveCount(0);
    }
    await expect(admin.getByText('No webhook endpoints yet.')).toBeVisible();
    await new Promise((r) => receiver.close(r));
  }
});
