import axios from 'axios';
import { getReqUrl, getToken } from './storage';

/** The one axios instance: base = stored reqUrl + '/api/', Authorization: JWT <token>. */
export const apiClient = axios.create({
  headers: { 'Content-Type': 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  config.baseURL = `${getReqUrl()}/api/`;
  const token = getToken();
  if (token) config.headers.set('Authorization', `JWT ${token}`);
  return config;
});
