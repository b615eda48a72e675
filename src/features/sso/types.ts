// Single sign-on providers as the API gives them (docs/sign-in.md, "Single sign-on").
import type { components } from '../../api/schema';
import type { ApiBody, ApiData } from '../../lib/api-client';

export type SsoProvider = components['schemas']['SsoProvider'];
export type SsoProviderBody = ApiBody<'/api/admin/sso-providers', 'post'>;
export type SsoDiscovery = ApiData<'/api/admin/sso-providers/discovery', 'post'>;
export type LoginProvider = ApiData<'/api/sso/providers', 'get'>[number];
export type SsoLookup = ApiData<'/api/sso/lookup', 'post'>;
export type SsoSession = ApiData<'/api/sso/exchange', 'post'>;

export interface SsoProviderSave {
  /** Absent: a new provider. */
  id?: number;
  body: SsoProviderBody;
}

/** Where the browser goes to sign in with a provider (a server route, not an API call). */
export const startUrl = (id: number) => `/api/sso/${id}/start`;
