import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

/**
 * jsdom's File and FormData are not the ones Node's fetch (which msw's interceptor builds the
 * request from) can serialise: a multipart body would lose its file. For the upload tests, the
 * page's File / Blob / FormData are Node's own, as a browser's are its own.
 */
export async function useNodeFiles(): Promise<() => void> {
  const saved = { File: globalThis.File, Blob: globalThis.Blob, FormData: globalThis.FormData };
  const form = await new Response('a=1', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }).formData();
  Object.assign(globalThis, {
    File: NodeFile,
    Blob: NodeBlob,
    FormData: form.constructor,
  });
  return () => {
    Object.assign(globalThis, saved);
  };
}
