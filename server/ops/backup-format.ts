// The backup file: a gzipped sequence of frames, each `type (1 byte) | length (4 bytes, big
// endian) | payload`. Written and read as streams: no table is ever held in memory.
//   H  header (JSON): format, version, when, the migrations applied, the tables and their columns
//   T  a table begins (JSON: schema, name, columns)
//   D  a chunk of that table's rows in COPY text format
//   E  the table ends (JSON: rows)
//   S  sequence values (JSON)
//   Z  the end (JSON): a file without it is incomplete and is refused
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

export const BACKUP_FORMAT = 'helpdesk-backup';
export const BACKUP_VERSION = 1;

export type FrameType = 'H' | 'T' | 'D' | 'E' | 'S' | 'Z';

export interface TableInfo {
  schema: string;
  name: string;
  columns: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  schemas: string[];
  tables: TableInfo[];
}

export interface SequenceValue {
  schema: string;
  name: string;
  lastValue: string;
}

/** Writes one frame, waiting when the stream asks us to (backpressure). */
export async function writeFrame(
  out: Writable,
  type: FrameType,
  payload: Buffer | object,
): Promise<void> {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(body.length, 1);
  const more = out.write(head) && out.write(body);
  if (!more) await once(out, 'drain');
}

export interface Frame {
  type: FrameType;
  payload: Buffer;
}

/** Reads frames from a (gunzipped) stream. Rejects on a truncated frame. */
export async function* readFrames(input: Readable): AsyncGenerator<Frame> {
  let buffered: Buffer = Buffer.alloc(0);
  for await (const chunk of input) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk as Buffer]) : (chunk as Buffer);
    while (buffered.length >= 5) {
      const length = buffered.readUInt32BE(1);
      if (buffered.length < 5 + length) break;
      const type = buffered.toString('latin1', 0, 1) as FrameType;
      yield { type, payload: buffered.subarray(5, 5 + length) };
      buffered = buffered.subarray(5 + length);
    }
  }
  if (buffered.length) throw new Error('The backup file is truncated.');
}

export function json<T>(frame: Frame): T {
  return JSON.parse(frame.payload.toString('utf8')) as T;
}
