// TLS settings: both files or neither, and mailed links on https when the server serves it.
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.js';

it('serves plain HTTP without certificate files, with http links', () => {
  const config = loadConfig({ PORT: '9000' });
  expect(config.tls).toBeUndefined();
  expect(config.publicUrl).toBe('http://127.0.0.1:9000');
});

it('serves HTTPS given both files, with https links unless PUBLIC_URL says otherwise', () => {
  const env = { PORT: '9443', TLS_CERT_FILE: 'certs/fullchain.pem', TLS_KEY_FILE: 'certs/key.pem' };
  expect(loadConfig(env)).toMatchObject({
    tls: { certFile: path.resolve('certs/fullchain.pem'), keyFile: path.resolve('certs/key.pem') },
    publicUrl: 'https://127.0.0.1:9443',
  });
  expect(loadConfig({ ...env, PUBLIC_URL: 'https://help.example.com/' }).publicUrl).toBe(
    'https://help.example.com',
  );
});

it('refuses one TLS file without the other', () => {
  const message = 'TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither.';
  expect(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow(message);
  expect(() => loadConfig({ TLS_KEY_FILE: 'key.pem' })).toThrow(message);
});
