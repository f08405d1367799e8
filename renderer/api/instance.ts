/** The one client of the running app (stores use it; tests build their own with a fake transport). */
import { createApiClient, type ApiClient } from './client';

let client: ApiClient | null = null;

export function api(): ApiClient {
  if (client === null) client = createApiClient();
  return client;
}
