import { settings } from './settings';

export interface CreatedProject {
  id: number;
  name: string;
  publicKey: string;
  privateKey: string;
}

export interface CreatedPartner {
  identifier: string;
  secret: string;
  projectId: number;
}

/**
 * The admin API (ADR 0002) is the operator's, not a merchant's, so the SDK has no client for it:
 * two plain JSON calls with the bearer token, on the admin listener only.
 */
export async function createProject(fields: {
  name: string;
  callbackUrl?: string;
}): Promise<CreatedProject> {
  return adminPost<CreatedProject>('/admin/v1/projects', fields);
}

export async function createPartner(
  identifier: string,
  projectId: number,
): Promise<CreatedPartner> {
  return adminPost<CreatedPartner>('/admin/v1/partners', { identifier, projectId });
}

async function adminPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(settings.adminUrl + path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${settings.adminToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) {
    throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}
