// A mailed attachment is typed by its bytes like an upload (docs/mail.md "What a mail becomes"):
// an SVG sent as x.png with Content-Type image/png downloads as an attachment, a real PNG is
// served as one, through real SMTP to the listener and the attachment download call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, person, type Person } from '../work-helpers.js';
import { SUPPORT, newMessageId, startInboundEnv, type InboundEnv } from './inbound-env.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';

let t: InboundEnv;
let agent: Person;

beforeAll(async () => {
  t = await startInboundEnv();
  agent = await person(t.env, 'Alice Agent', true);
});
afterAll(async () => {
  await t?.close();
});

describe('a mailed attachment', () => {
  it('is served by what its bytes are, not by its declared Content-Type', async () => {
    const messageId = newMessageId();
    await t.send({
      from: 'Mallory <mallory@example.net>',
      to: SUPPORT,
      subject: 'Screenshots',
      text: 'See attached.',
      messageId,
      attachments: [
        { filename: 'x.png', content: SVG, contentType: 'image/png' },
        { filename: 'real.png', content: PNG, contentType: 'image/png' },
      ],
    });
    const row = await t.imported(messageId);
    expect(row.state).toBe('ticket');
    const call = caller(t.env);
    const files = await call('GET', `/api/attachment/T/${row.record_id}`, agent.token);
    const list = files.json().data as Array<{ id: number; file_name: string; is_image: boolean }>;
    expect(list.map((f) => [f.file_name, f.is_image])).toEqual([
      ['x.png', false],
      ['real.png', true],
    ]);

    const svg = await call('GET', `/api/attachment/file/${list[0].id}?inline=1`, agent.token);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect(svg.headers['content-disposition']).toMatch(/^attachment; filename="x.png"/);
    expect(svg.body).toBe(SVG);

    const png = await call('GET', `/api/attachment/file/${list[1].id}?inline=1`, agent.token);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^inline; filename="real.png"/);
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });
});
