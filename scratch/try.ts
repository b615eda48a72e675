import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8097';
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 23), ...a);
async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `JWT ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as any };
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function signIn(email: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const calls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`); });
  await page.goto(`${base}/login`);
  await page.fill('#login-email', email);
  await page.fill('#login-password', 'helpdesk-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.includes('login'));
  return { page, calls };
}
const bob = await signIn('bob@example.com');
await bob.page.goto(`${base}/ticket/input`);
await bob.page.getByLabel('Subject').fill('Badge reader by the lift is dead');
await bob.page.getByLabel('Description').click();
await bob.page.keyboard.type('The badge reader by the lift does not beep any more.');
await bob.page.getByRole('button', { name: 'Submit ticket' }).click();
await bob.page.getByText('Ticket created').waitFor();
log('bob raised; url', bob.page.url());
await bob.page.goto(`${base}/ticket`);
await bob.page.getByText('Badge reader by the lift is dead').first().waitFor();
log('bob my tickets shows it; rows:', await bob.page.locator('tbody tr').count());

const agent = await signIn('agent@example.com');
await agent.page.goto(`${base}/hd_ticket`);
await agent.page.getByText('Badge reader by the lift is dead').first().waitFor();
log('agent hd list shows it; rows:', await agent.page.locator('tbody tr').count());
await agent.page.getByText('Badge reader by the lift is dead').first().click();
await agent.page.locator('[data-testid="record-view"]').waitFor();
log('agent details', agent.page.url());
agent.calls.length = 0;
await agent.page.keyboard.press('r');
await agent.page.keyboard.type('We will replace the reader this afternoon.');
await agent.page.keyboard.press('Control+Enter');
await agent.page.getByText('We will replace the reader this afternoon.').first().waitFor();
await agent.page.waitForTimeout(1500);
log('agent calls after reply:', agent.calls.join(', '));

// Bob opens his ticket and sees the reply.
await bob.page.goto(`${base}/ticket`);
await bob.page.getByText('Badge reader by the lift is dead').first().click();
await bob.page.getByText('We will replace the reader this afternoon.').first().waitFor();
log('bob sees the reply; details url', bob.page.url(), 'sla text:', (await bob.page.getByText(/First response/).first().textContent()));

// Alice must not see Bob's ticket.
const id = Number(new URL(bob.page.url()).searchParams.get('ticketId') ?? new URL(agent.page.url()).searchParams.get('hdTicketId'));
const alice = await api('login', { method: 'POST', body: { str_username: 'alice@example.com', str_password: 'helpdesk-demo' } });
const at = alice.json.data.token;
log('alice GET bob ticket', id, (await api(`ticket/${id}/`, { token: at })).status, 'details', (await api(`ticket/${id}/details/`, { token: at })).status);
// Revocation of a cached session on the record's reads.
const b2 = await api('login', { method: 'POST', body: { str_username: 'bob@example.com', str_password: 'helpdesk-demo' } });
const bt = b2.json.data.token;
log('bob2 details', (await api(`ticket/${id}/details/`, { token: bt })).status, (await api(`ticket/${id}/details/`, { token: bt })).status);
log('logout', (await api('logout', { method: 'POST', token: bt })).status);
log('bob2 details after logout', (await api(`ticket/${id}/details/`, { token: bt })).status, 'record', (await api(`ticket/${id}/`, { token: bt })).status, 'thread', (await api(`ticket/${id}/communication/`, { token: bt })).status);
await browser.close();
