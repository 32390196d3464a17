import axios, { type AxiosResponse } from 'axios';
import { adminUrlOf } from '@opp/local-stack';
import type { MerchantKeys } from './merchant-client';

export const DEV_ADMIN_TOKEN = 'dev-admin-token';

/**
 * The admin API (ADR 0002) with the development token. The admin API is served on the gateway's internal
 * listener only (ADMIN_PORT): given the public URL of a gateway this process started, the client
 * talks to that gateway's internal listener; any other URL is used as it is.
 */
export class AdminClient {
  readonly baseUrl: string;

  constructor(
    gatewayOrAdminUrl: string,
    /** ADMIN_TOKEN or a named operator token (ADR 0061): the audit log names its operator. */
    readonly token = DEV_ADMIN_TOKEN,
  ) {
    this.baseUrl = adminUrlOf(gatewayOrAdminUrl) ?? gatewayOrAdminUrl;
  }

  request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<AxiosResponse> {
    return axios
      .request({
        method,
        url: this.baseUrl + path,
        data: body,
        headers: { authorization: `Bearer ${this.token}` },
        validateStatus: () => true,
        timeout: 15_000,
      })
      .catch((error: unknown) => {
        // No answer at all: a plain error, because axios's holds its socket in a cycle that jest
        // cannot write into its results file (the whole run's summary was lost that way once).
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${method} ${path} got no answer: ${reason}`);
      });
  }

  async createProject(body: Record<string, unknown> = {}): Promise<MerchantKeys & { id: number }> {
    const response = await this.request('POST', '/admin/v1/projects', {
      name: 'Test shop',
      ...body,
    });
    if (response.status !== 201) {
      throw new Error(
        `Creating a project failed: ${response.status} ${JSON.stringify(response.data)}`,
      );
    }
    return response.data as MerchantKeys & { id: number };
  }

  /** Issues a named operator token (ADR 0061) and answers a client that calls with it. */
  async operator(name: string, scope: 'read' | 'write'): Promise<AdminClient> {
    const response = await this.request('POST', '/admin/v1/operators', { name, scope });
    if (response.status !== 201) {
      throw new Error(
        `Issuing an operator token failed: ${response.status} ${JSON.stringify(response.data)}`,
      );
    }
    return new AdminClient(this.baseUrl, (response.data as { token: string }).token);
  }

  async createPartner(projectId: number, identifier: string) {
    const response = await this.request('POST', '/admin/v1/partners', { identifier, projectId });
    if (response.status !== 201) {
      throw new Error(
        `Creating a partner failed: ${response.status} ${JSON.stringify(response.data)}`,
      );
    }
    return response.data as { identifier: string; secret: string; projectId: number };
  }
}
