import axios, { type AxiosResponse } from 'axios';
import * as qs from 'qs';
import { signParams } from '@opp/signature';

export interface MerchantKeys {
  publicKey: string;
  privateKey: string;
}

type Params = Record<string, unknown>;

/**
 * A merchant integration in a test: adds `project` and the ADR 0003 signature, sends form or JSON
 * bodies and never throws on an HTTP status, so tests assert on every answer.
 */
export class MerchantClient {
  constructor(
    readonly baseUrl: string,
    readonly keys: MerchantKeys,
  ) {}

  sign(params: Params): Params {
    const withProject = { project: this.keys.publicKey, ...params };
    return { ...withProject, signature: signParams(withProject, this.keys.privateKey) };
  }

  postForm(path: string, params: Params, signed = true): Promise<AxiosResponse> {
    const body = qs.stringify(signed ? this.sign(params) : params);
    return axios.post(this.baseUrl + path, body, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      validateStatus: () => true,
      timeout: 15_000,
    });
  }

  postJson(path: string, params: Params, signed = true): Promise<AxiosResponse> {
    return axios.post(this.baseUrl + path, signed ? this.sign(params) : params, {
      validateStatus: () => true,
      timeout: 15_000,
    });
  }

  get(path: string, params: Params, signed = true): Promise<AxiosResponse> {
    return axios.get(this.baseUrl + path, {
      params: signed ? this.sign(params) : params,
      paramsSerializer: (p: Params) => qs.stringify(p),
      validateStatus: () => true,
      timeout: 15_000,
    });
  }
}
