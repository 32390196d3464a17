import { MerchantClient as SdkMerchantClient, type BodyEncoding, type HttpAnswer } from '@opp/sdk';

export interface MerchantKeys {
  publicKey: string;
  privateKey: string;
}

type Params = Record<string, unknown>;

/** An answer as the tests read it: lower-case headers, the parsed JSON body (else its text). */
export interface MerchantAnswer {
  status: number;
  headers: Record<string, string>;
  // Tests read bodies loosely on purpose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/**
 * A merchant integration in a test, on the SDK's merchant client (packages/sdk), so every suite
 * exercises the published signing and encoding: adds `project` and the signature, sends form or
 * JSON bodies, never retries (tests assert on first answers) and never throws on an HTTP status.
 */
export class MerchantClient {
  readonly sdk: SdkMerchantClient;

  constructor(
    readonly baseUrl: string,
    readonly keys: MerchantKeys,
  ) {
    this.sdk = new SdkMerchantClient({
      baseUrl,
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      timeoutMs: 15_000,
      retry: { attempts: 1 },
    });
  }

  sign(params: Params): Params {
    return this.sdk.sign(params);
  }

  postForm(path: string, params: Params, signed = true): Promise<MerchantAnswer> {
    return this.send('POST', path, params, signed, 'form');
  }

  postJson(path: string, params: Params, signed = true): Promise<MerchantAnswer> {
    return this.send('POST', path, params, signed, 'json');
  }

  get(path: string, params: Params, signed = true): Promise<MerchantAnswer> {
    return this.send('GET', path, params, signed);
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    params: Params,
    signed: boolean,
    encoding?: BodyEncoding,
  ): Promise<MerchantAnswer> {
    return asAnswer(await this.sdk.raw.send({ method, path, params, signed, encoding }));
  }
}

function asAnswer({ status, headers, body }: HttpAnswer): MerchantAnswer {
  return { status, headers, data: body };
}
