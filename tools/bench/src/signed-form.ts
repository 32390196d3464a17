import * as qs from 'qs';
import { signParams } from '@opp/signature';
import { httpRequest, jsonOf } from './http-client';

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
  const response = await httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const answer = jsonOf(response);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`HTTP ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}
