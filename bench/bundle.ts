// Gzipped JavaScript each route loads: the entry chunk and its static imports, plus the lazy
// chunk of the route's page and that chunk's static imports (from Vite's build manifest).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const distDir = path.resolve('dist');

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function jsBytes(manifest: Manifest, keys: Set<string>): number {
  let total = 0;
  for (const k of keys) if (manifest[k].file.endsWith('.js')) total += gzipSize(manifest[k].file);
  return total;
}

export function bundleReport(): { name: string; kb: number }[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error('No dist/.vite/manifest.json: run npm run build first.');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('No entry chunk in the manifest.');
  const entry = closure(manifest, entryKey);
  const rows = [{ name: `entry (${entryKey})`, kb: jsBytes(manifest, entry) / 1024 }];
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry)
    .sort()) {
    const keys = closure(manifest, key, new Set(entry));
    rows.push({ name: key, kb: jsBytes(manifest, keys) / 1024 });
  }
  return rows;
}
