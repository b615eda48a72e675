import { startRegistration, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { PasskeyCreationOptions } from './api';

/** The browser's registration ceremony; undefined when the user cancels or the browser refuses. */
export async function createPasskey(
  optionsJSON: PasskeyCreationOptions,
): Promise<RegistrationResponseJSON | undefined> {
  try {
    return await startRegistration({ optionsJSON });
  } catch {
    return undefined;
  }
}
