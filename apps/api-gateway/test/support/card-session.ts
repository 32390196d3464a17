import axios from 'axios';
import * as qs from 'qs';
import type { AppName, Stack } from '@opp/local-stack';
import { AdminClient, MerchantClient, startTestStack } from '@opp/testing';

export interface CardSession {
  stack: Stack;
  gateway: string;
  admin: AdminClient;
  merchant: MerchantClient;
  userId: string;
  /** The expiry year every test card carries (two years ahead). */
  expiryYear: string;
  cardOf(number: string): TestCard;
  tokenFor(number: string, client?: MerchantClient): Promise<string>;
  nextOrder(): string;
  charge(
    params: Record<string, unknown>,
    client?: MerchantClient,
  ): ReturnType<MerchantClient['postForm']>;
  passChallenge(
    acs: { parameters: Record<string, string> },
    password: string,
  ): Promise<{ PaRes: string; MD: string }>;
}

/** A card's fields as card/process and getToken take them. */
export interface TestCard {
  number: string;
  expiration_month: string;
  expiration_year: string;
  security_code: string;
}

export interface CardSessionOptions {
  /** More apps than the gateway, users-recurring and payments (e.g. the notifier for callbacks). */
  moreServices?: readonly AppName[];
  /** The admin API's project fields (callbackUrl, settings). */
  project?: Record<string, unknown>;
}

/**
 * A merchant with a project and a user, on a stack of the gateway, users-recurring and payments,
 * and the moves card suites make: tokenize, charge, pass a 3-D Secure challenge over HTTP.
 */
export async function openCardSession(
  suite: string,
  options: CardSessionOptions = {},
): Promise<CardSession> {
  const stack = await startTestStack({
    suite,
    services: ['api-gateway', 'users-recurring', 'payments', ...(options.moreServices ?? [])],
  });
  const gateway = stack.gatewayUrl!;
  const admin = new AdminClient(gateway);
  const merchant = new MerchantClient(gateway, await admin.createProject(options.project));
  const { id: userId } = await merchant.sdk.resolveUser({
    identifier: 'card-buyer',
    ip: '203.0.113.50',
    email: 'buyer@example.com',
  });
  const expiryYear = String(new Date().getUTCFullYear() + 2);
  let orderSeq = 0;
  const cardOf = (number: string) => ({
    number,
    expiration_month: '12',
    expiration_year: expiryYear,
    security_code: '123',
  });
  const nextOrder = () => `order-${++orderSeq}-${Date.now()}`;
  return {
    stack,
    gateway,
    admin,
    merchant,
    userId,
    expiryYear,
    cardOf,
    nextOrder,
    async tokenFor(number, client = merchant) {
      return (await client.sdk.getToken(cardOf(number))).id;
    },
    charge: (params, client = merchant) =>
      client.postForm('/v1/card/process', {
        user: userId,
        price: '10.00',
        currency: 'EUR',
        description: 'Sandbox card',
        order_id: nextOrder(),
        acs_return_url: 'https://shop.example/3ds-return',
        ...params,
      }),
    /** Drives the simulator over HTTP (the browser journey is in acs-browser.int-spec.ts). */
    async passChallenge(acs, password) {
      const page = await axios.post(
        `${gateway}/acs/challenge/submit`,
        qs.stringify({ ...acs.parameters, password }),
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, responseType: 'text' },
      );
      const paRes = /name="PaRes" value="([^"]+)"/.exec(page.data as string)?.[1];
      if (!paRes) throw new Error('the ACS page carried no PaRes');
      return { PaRes: paRes, MD: acs.parameters.MD };
    },
  };
}

/** The documented error envelope with the code's HTTP status. */
export function expectError(response: { status: number; data: unknown }, code: number): void {
  expect({ status: response.status, body: response.data }).toEqual({
    status: Math.floor(code / 100),
    body: { error: { code, message: expect.any(String) } },
  });
}
