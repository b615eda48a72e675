// A local S3-compatible server (s3rver) for tests: a free port, a temp folder, one bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  /** The S3_URL that reaches it. */
  url: string;
  /** The object keys in the bucket. */
  objects: () => Promise<string[]>;
  close: () => Promise<void>;
}

const BUCKET = 'helpdesk-files';

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}?region=us-east-1&forcePathStyle=true`,
    objects: async () => {
      const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (res.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
