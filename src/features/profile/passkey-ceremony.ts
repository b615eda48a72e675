import {
  startRegistration,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { PasskeyCreationOptions } from './api';

/** The server's options as the browser library types them (the API types its enums as text). */
function creationOptions(options: PasskeyCreationOptions): PublicKeyCredentialCreationOptionsJSON {
  return {
    ...options,
    pubKeyCredParams: options.pubKeyCredParams.map(({ alg }) => ({ alg, type: 'public-key' })),
    excludeCredentials: options.excludeCredentials?.map(({ id, transports }) => ({
      id,
      type: 'public-key',
      transports: transports as AuthenticatorTransport[] | undefined,
    })),
  };
}

/** The browser's registration ceremony; undefined when the user cancels or the browser refuses. */
export async function createPasskey(
  options: PasskeyCreationOptions,
): Promise<RegistrationResponseJSON | undefined> {
  try {
    return await startRegistration({ optionsJSON: creationOptions(options) });
  } catch {
    return undefined;
  }
}
