// A software WebAuthn authenticator for tests: an ES256 key pair per credential (node:crypto),
// a "none" attestation with its authenticatorData, clientDataJSON for the origin it is told, and
// signed assertions. The server's real verification (@simplewebauthn/server) checks its answers.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The little CBOR the attestation needs: integers, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) {
    parts.push(cbor(k), cbor(v as number | string | Uint8Array | Map<number | string, unknown>));
  }
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The relying party it was made for, and the user handle it stores (discoverable). */
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    /** The page's origin the browser would report. */
    public origin: string,
    private readonly userVerified = true,
  ) {}

  private flags(extra = 0): number {
    return UP | (this.userVerified ? UV : 0) | extra;
  }

  /** navigator.credentials.create(): a new credential and the RegistrationResponseJSON. */
  create(options: CreationOptionsJSON) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(AT)]),
      Buffer.alloc(4), // signCount 0
      Buffer.alloc(16), // aaguid
      credIdLength,
      id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    });
    const credential: SoftCredential = {
      id,
      privateKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(Buffer.from(clientDataJSON)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      },
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON signed by `credential`. */
  get(
    options: RequestOptionsJSON,
    credential: SoftCredential = this.credentials[0],
    tamper: { signature?: boolean } = {},
  ) {
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([this.flags()]),
      counter,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    if (tamper.signature) signature[signature.length - 1] ^= 0xff;
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
