import { createRequestHolder } from '../../lib/request-holder';
import type { LoginProvider, SsoDiscovery, SsoLookup, SsoProvider, SsoProviderSave } from './types';

/** Single sign-on's response holders: the administrators' page and the login page's. */
export const ssoHolders = {
  ssoProviders: createRequestHolder<SsoProvider[]>('ssoProviders'),
  saveSsoProvider: createRequestHolder<SsoProvider, SsoProviderSave>('saveSsoProvider'),
  deleteSsoProvider: createRequestHolder<{ id: number }, number>('deleteSsoProvider'),
  ssoDiscovery: createRequestHolder<SsoDiscovery, string>('ssoDiscovery'),
  loginProviders: createRequestHolder<LoginProvider[]>('loginProviders'),
  ssoLookup: createRequestHolder<SsoLookup, string>('ssoLookup'),
  /** The callback page's one-time code turned into a session. */
  ssoExchange: createRequestHolder<{ done: true }, string>('ssoExchange'),
};
