import * as qs from 'qs';
import { signParams } from '@opp/signature';

/**
 * Posts a form signed per ADR 0003, as a merchant server does; a non-2xx answer throws (a failed
 * operation).
 */
export async function postSignedForm(
  url: string,
  keys: { publicKey: string; privateKey: string },
  params: Record<string, unknown>,
): Promise<unknown> {
  const withProject = { project: keys.publicKey, ...params };
  const body = qs.stringify({
    ...withProject,
    signature: signParams(withProject, keys.privateKey),
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}
