import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { signInAs } from '../../../test/render-app';
import { renderPanels } from '../../threads/__tests__/render-panels';
import { filesPicked } from '../attachments-slice';
import { useNodeFiles } from './node-files';

const files = () => screen.getByRole('region', { name: 'Attachments' });

function addFile(name: string, uploaderId: number, content = 'hello') {
  const user = db.users.find((u) => u.id === uploaderId);
  db.work.attachments.push({
    id: db.work.nextId++,
    record_id: 1,
    object_type: 'T',
    file_name: name,
    content_type: 'text/plain',
    size: content.length,
    is_image: false,
    uploaded_by_id: uploaderId,
    uploaded_by_name: user?.fullname ?? '',
    created_at: '2026-01-02T10:00:00.000Z',
    content: new TextEncoder().encode(content).buffer as ArrayBuffer,
  });
}

let restore: () => void = () => {};
beforeAll(async () => {
  restore = await useNodeFiles();
});
afterAll(() => restore());

describe('attachments', () => {
  it('two files picked: two POSTs, a progress bar each, two toasts, the list', async () => {
    signInAs('alice@example.com');
    const posts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/attachment/T/1')) {
        posts.push(request.url);
      }
    });
    const { user } = renderPanels(1, 'owner');
    expect(await within(files()).findByText('No files yet.')).toBeInTheDocument();
    const a = new File(['alpha'], 'a.txt', { type: 'text/plain' });
    const b = new File(['bravo!'], 'b.txt', { type: 'text/plain' });
    await user.upload(within(files()).getByLabelText('Add files'), [a, b]);
    expect(await screen.findByText('a.txt uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByText('b.txt uploaded successfully')).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(await within(files()).findByText('b.txt')).toBeInTheDocument();
    expect(within(files()).getByText('a.txt')).toBeInTheDocument();
    expect(within(files()).getAllByText(/0\.1 KB · by Alice Example/)).toHaveLength(2);
    expect(db.work.attachments.map((f) => f.file_name).sort()).toEqual(['a.txt', 'b.txt']);
    server.events.removeAllListeners();
  });

  it('shows a progress bar while a file goes', async () => {
    signInAs('alice@example.com');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/attachment/:type/:id', async () => {
        await gate;
        return HttpResponse.json({ statusCode: 500, message: 'x' }, { status: 500 });
      }),
    );
    const { user } = renderPanels(1, 'owner');
    await user.upload(
      within(files()).getByLabelText('Add files'),
      new File(['x'], 'slow.txt', { type: 'text/plain' }),
    );
    const bar = await within(files()).findByRole('progressbar', { name: 'Uploading slow.txt' });
    expect(bar).toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    release();
    expect(await screen.findByText('slow.txt upload failed')).toBeInTheDocument();
    await waitFor(() => expect(within(files()).queryByRole('progressbar')).toBeNull());
  });

  it('a file over the limit: "upload failed" toast and the server message beside the list', async () => {
    signInAs('alice@example.com');
    db.work.maxMb = 1; // the mock's limit, as ATTACHMENT_MAX_MB (the real default is 25)
    const { user } = renderPanels(1, 'owner');
    await user.upload(
      within(files()).getByLabelText('Add files'),
      new File([new Uint8Array(1024 * 1024 + 1)], 'big.bin'),
    );
    expect(await screen.findByText('big.bin upload failed')).toBeInTheDocument();
    expect(within(files()).getByRole('alert')).toHaveTextContent(
      'big.bin is larger than the 1 MB limit.',
    );
    expect(screen.queryByText(/Request Error/)).not.toBeInTheDocument();
    expect(db.work.attachments).toHaveLength(0);
  });

  it('the mock answers 413 above 25 MB by default', async () => {
    signInAs('alice@example.com');
    const { user } = renderPanels(1, 'owner');
    await user.upload(
      within(files()).getByLabelText('Add files'),
      new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'huge.bin'),
    );
    expect(await screen.findByText('huge.bin upload failed')).toBeInTheDocument();
    expect(within(files()).getByRole('alert')).toHaveTextContent(
      'huge.bin is larger than the 25 MB limit.',
    );
  });

  it('an entry without an original File object is not sent (seed section 5)', async () => {
    signInAs('alice@example.com');
    const posts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts.push(request.url);
    });
    const { store } = renderPanels(1, 'owner');
    await within(files()).findByText('No files yet.');
    act(() => {
      store.dispatch(
        filesPicked({
          record: { type: 'T', id: 1 },
          entries: [
            { name: 'remote.txt' },
            { name: 'real.txt', originFileObj: new File(['r'], 'real.txt') },
          ],
        }),
      );
    });
    expect(await screen.findByText('real.txt uploaded successfully')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(screen.queryByText(/remote\.txt/)).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('downloads with the token through an object URL', async () => {
    signInAs('alice@example.com');
    addFile('notes.txt', 2, 'the notes');
    const created = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:mock-url';
    });
    const revoked = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
    const { user } = renderPanels(1, 'owner');
    await user.click(await within(files()).findByRole('button', { name: 'Download notes.txt' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const blob = created.mock.calls[0][0];
    expect(await blob.text()).toBe('the notes');
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('notes.txt');
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:mock-url'));
    click.mockRestore();
  });

  it('delete asks first: Cancel keeps the file, Delete removes it', async () => {
    signInAs('alice@example.com');
    addFile('keep.txt', 2);
    addFile('theirs.txt', 1);
    const { user } = renderPanels(1, 'owner');
    // Only the uploader (or an agent) may delete.
    await within(files()).findByText('theirs.txt');
    expect(within(files()).queryByRole('button', { name: 'Delete theirs.txt' })).toBeNull();

    await user.click(within(files()).getByRole('button', { name: 'Delete keep.txt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.work.attachments).toHaveLength(2);

    await user.click(within(files()).getByRole('button', { name: 'Delete keep.txt' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    // reactstrap reads keyCode (browsers set it; user-event does not).
    fireEvent.keyUp(within(dialog).getByRole('button', { name: 'Delete' }), {
      key: 'Escape',
      keyCode: 27,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.work.attachments).toHaveLength(2);

    await user.click(within(files()).getByRole('button', { name: 'Delete keep.txt' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(files()).queryByText('keep.txt')).toBeNull());
    expect(db.work.attachments.map((f) => f.file_name)).toEqual(['theirs.txt']);
  });

  it('an agent may delete any file; images show a thumbnail', async () => {
    signInAs('agent@example.com');
    addFile('theirs.txt', 2);
    db.work.attachments.push({
      ...db.work.attachments[0],
      id: db.work.nextId++,
      file_name: 'shot.png',
      content_type: 'image/png',
      is_image: true,
      content: new TextEncoder().encode('png').buffer as ArrayBuffer,
    });
    URL.createObjectURL = () => 'blob:thumb';
    URL.revokeObjectURL = () => {};
    renderPanels(1, 'agent');
    expect(
      await within(files()).findByRole('button', { name: 'Delete theirs.txt' }),
    ).toBeInTheDocument();
    expect(await within(files()).findByRole('img', { name: 'shot.png' })).toHaveAttribute(
      'src',
      'blob:thumb',
    );
  });
});
