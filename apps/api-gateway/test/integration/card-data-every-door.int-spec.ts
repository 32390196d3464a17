import * as fs from 'node:fs';
import * as path from 'node:path';
import axios from 'axios';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { luhnCheckDigit } from '@opp/card-bins';
import type { Stack } from '@opp/local-stack';
import { findRepoRoot, localDir } from '@opp/local-stack';
import { PartnerClient, type HttpAnswer } from '@opp/sdk';
import {
  AdminClient,
  awaitProjectSnapshot,
  CaptureServer,
  eventually,
  findCardDataInLogs,
  findCardDataInStack,
  MerchantClient,
  queryStackDb,
  startTestStack,
  suiteSlug,
} from '@opp/testing';

const SUITE = 'card data every door';
const YEAR = String(new Date().getUTCFullYear() + 2);

/** A Luhn-valid 16-digit number no other test sends. */
function uniquePan(): string {
  const body = `4${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return body + luhnCheckDigit(body);
}
const group = (pan: string, separator: string) => pan.match(/.{4}/g)!.join(separator);
const mask = (pan: string) => `${pan.slice(0, 6)}******${pan.slice(-4)}`;

/**
 * ADR 0064 (ADR 0064), every door at once: unique card numbers and security codes sent through card
 * fields, /v1 free text, identifiers, the processing header, notification URIs, members outside the
 * documented request, templates, percent-encoded parameter names and error paths. Then every topic
 * of the stack from the earliest offset, every text/json/bytea column of every service database and
 * every log line is swept: nothing in clear, except the identifiers ADR 0064 keeps as sent (not in logs).
 */
describe('card numbers through every door (ADR 0064)', () => {
  let stack: Stack;
  let callbacks: CaptureServer;
  let merchant: MerchantClient;
  let partner: PartnerClient;
  let partnerIdentifier: string;
  const pans = {
    cardField: uniquePan(),
    holder: uniquePan(),
    description: uniquePan(),
    attribute: uniquePan(),
    userName: uniquePan(),
    email: uniquePan(),
    percentEncoded: uniquePan(),
    orderId: uniquePan(),
    userIdentifier: uniquePan(),
    requestId: uniquePan(),
    notificationUri: uniquePan(),
    headerExtra: uniquePan(),
    topExtra: uniquePan(),
    payloadExtra: uniquePan(),
    taskExtra: uniquePan(),
    parameter: uniquePan(),
    contact: uniquePan(),
    taskCard: uniquePan(),
    taskDescription: uniquePan(),
    messageText: uniquePan(),
    messageSubject: uniquePan(),
    template: uniquePan(),
    errorPath: uniquePan(),
  };
  const codes = { cardField: '4311', percentEncoded: '4312', taskCard: '4313', template: '4314' };
  // ADR 0064: identifiers the merchant or partner looks things up by are kept as sent.
  const identifiers = () => [
    pans.orderId,
    pans.userIdentifier,
    pans.requestId,
    callbacks.url(`/notify?ref=${pans.notificationUri}`),
  ];
  const answers: unknown[] = [];

  beforeAll(async () => {
    callbacks = await CaptureServer.start();
    stack = await startTestStack({
      suite: SUITE,
      services: [
        'api-gateway',
        'processing-orchestrator',
        'payments',
        'users-recurring',
        'notifier',
      ],
      logLevel: 'debug',
    });
    const admin = new AdminClient(stack.gatewayUrl!);
    const project = await admin.createProject({ callbackUrl: callbacks.url('/cb') });
    merchant = new MerchantClient(stack.gatewayUrl!, project);
    partnerIdentifier = `doors-${Date.now().toString(36)}`;
    const keys = await admin.createPartner(project.id, partnerIdentifier);
    partner = new PartnerClient({
      baseUrl: stack.gatewayUrl!,
      identifier: keys.identifier,
      secret: keys.secret,
      timeoutMs: 20_000,
      retry: { attempts: 1 },
    });
    for (const app of ['processing-orchestrator', 'payments'] as const) {
      await awaitProjectSnapshot(stack, app, project.id);
    }
  });

  // The stack's topics and databases hold, as ADR 0064 allows, card-number-like identifiers in clear.
  // This suite swept them knowing which; the run-wide sweep (of every topic on the shared broker)
  // does not, so they are removed once the suite is done.
  afterAll(async () => {
    await stack?.stop();
    await callbacks?.stop();
    if (stack) await removeStackData(stack);
  });

  const submit = async (body: unknown): Promise<HttpAnswer> => {
    const answer = await partner.raw.submit(body);
    answers.push(answer.body);
    return answer;
  };

  it('M2/L1: masks card numbers in /v1 free text, keeps identifiers, takes card fields', async () => {
    const user = await merchant.postForm('/v1/user/resolve', {
      identifier: pans.userIdentifier,
      ip: '10.0.0.1',
      display_name: `Jo ${group(pans.userName, '.')}`,
      email: `${pans.email}@example.com`,
    });
    expect(user.status).toBe(200);
    answers.push(user.data);
    const charge = await merchant.postForm('/v1/card/process', {
      user: user.data.id,
      card: {
        number: pans.cardField,
        expiration_month: '12',
        expiration_year: YEAR,
        security_code: codes.cardField,
        holder: group(pans.holder, '/'),
      },
      price: '10.00',
      currency: 'EUR',
      order_id: pans.orderId,
      description: `pay ${group(pans.description, '.')}`,
      attr_note: `see ${group(pans.attribute, '_')}`,
    });
    expect(charge.status).toBe(200);
    answers.push(charge.data);
    const [stored] = await queryStackDb<{ description: string }>(
      stack,
      'payments',
      'SELECT description FROM transactions WHERE order_id = $1',
      [pans.orderId],
    );
    expect(stored.description).toBe(`pay ${mask(pans.description)}`);
    const [callback] = await callbacks.waitFor('/cb');
    for (const pan of [pans.description, pans.attribute, pans.holder]) {
      expect(callback.body).not.toContain(pan.slice(6, 12));
    }
  });

  it('M1: a security code under a percent-encoded name issues the token and is logged redacted', async () => {
    const answer = await axios.get(
      `${stack.gatewayUrl}/v1/card/getToken?project=${merchant.keys.publicKey}` +
        `&%6Eumber=${pans.percentEncoded}&expiration_month=12&expiration_year=${YEAR}` +
        `&security%5Fcode=${codes.percentEncoded}`,
      { validateStatus: () => true },
    );
    expect(answer.status).toBe(200);
    answers.push(answer.data);
  });

  it('H4: identifiers kept, members outside the documented request dropped, no echo in errors', async () => {
    const request = (text: string) => ({
      header: {
        request: { id: pans.requestId, date: new Date().toISOString() },
        service: {
          sync: true,
          result: [
            {
              type: 'URL',
              uri: callbacks.url(`/notify?ref=${pans.notificationUri}`),
              method: 'POST',
            },
          ],
        },
        extra: pans.headerExtra,
      },
      payload: {
        partner: {
          identifier: partnerIdentifier,
          parameters: { note: `ref ${group(pans.parameter, '.')}` },
        },
        settings: {
          culture: 'en',
          contact: `call ${group(pans.contact, '/')}`,
          userIp: '10.0.0.1',
        },
        tasks: [
          {
            type: 'card.payment',
            payload: {
              user: { identifier: 'door-buyer', email: 'b@example.com', ip: '10.0.0.1' },
              card: {
                number: pans.taskCard,
                expiration_month: 12,
                expiration_year: Number(YEAR),
                security_code: codes.taskCard,
                holder: 'A BUYER',
              },
              price: '3.00',
              currency: 'EUR',
              description: `d ${group(pans.taskDescription, '_')}`,
            },
            note: pans.taskExtra,
            success: [
              {
                type: 'message.send',
                payload: {
                  channel: 'webhook',
                  to: callbacks.url('/msg'),
                  subject: `s ${pans.messageSubject}`,
                  text,
                },
              },
            ],
          },
        ],
        notes: pans.payloadExtra,
      },
      extra: pans.topExtra,
    });
    const first = await submit(request(`paid ${group(pans.messageText, '-')}`));
    expect(first.status).toBe(200);
    const globalId = (first.body as { header: { response: { globalId: string } } }).header.response
      .globalId;
    await eventually(async () => {
      const status = await partner.raw.status(globalId);
      answers.push(status.body);
      return (status.body as { result?: { status?: string } }).result?.status === 'FINISHED';
    }, 'the request finished');
    const [message] = await callbacks.waitFor('/msg');
    expect(JSON.parse(message.body)).toMatchObject({
      subject: `s ${mask(pans.messageSubject)}`,
      text: `paid ${mask(pans.messageText)}`,
    });
    await callbacks.waitFor('/notify');

    const duplicate = await submit(request('another body'));
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({ error: { code: 'DUPLICATE_REQUEST_ID' } });
    expect(JSON.stringify(duplicate.body)).not.toContain(pans.requestId.slice(0, 6));
  });

  it('H3: a template with a literal card number or security code is refused and never stored', async () => {
    const admin = new AdminClient(stack.gatewayUrl!);
    const path = `/admin/v1/partners/${partnerIdentifier}/templates`;
    const card = (fields: Record<string, unknown>) => ({
      tasks: [
        {
          type: 'card.payment',
          payload: {
            card: { expiration_month: 12, expiration_year: Number(YEAR), ...fields },
            price: '1.00',
            currency: 'EUR',
          },
        },
      ],
    });
    const withNumber = await admin.request(
      'PUT',
      `${path}/with-number`,
      card({ number: pans.template }),
    );
    const withCode = await admin.request(
      'PUT',
      `${path}/with-code`,
      card({ number: '${parameters.pan}', security_code: codes.template }),
    );
    for (const refused of [withNumber, withCode]) {
      expect(refused.status).toBe(400);
      answers.push(refused.data);
    }
    expect((await admin.request('GET', `${path}/with-number`)).status).toBe(404);
    const placeholders = await admin.request(
      'PUT',
      `${path}/placeholders`,
      card({ number: '${parameters.pan}', security_code: '${parameters.cvc}' }),
    );
    expect(placeholders.status).toBe(201);
  });

  it('L2: NUL, lone surrogates, depth and size are 400 INVALID_REQUEST at once', async () => {
    let deep: unknown = pans.errorPath;
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    const bodies = [
      { header: { request: { id: `nul\u0000${pans.errorPath}`, date: new Date().toISOString() } } },
      { header: { request: { id: 'x', date: 'x' } }, payload: { tasks: [{ type: 'wait\uD800' }] } },
      deep,
      { payload: { many: Array.from({ length: 1001 }, () => pans.errorPath) } },
    ];
    for (const body of bodies) {
      const answer = await submit(body);
      expect({
        status: answer.status,
        code: (answer.body as { error?: { code?: string } }).error?.code,
      }).toEqual({ status: 400, code: 'INVALID_REQUEST' });
    }
    const tooLarge = await submit({ payload: { text: 'x'.repeat(2 * 1024 * 1024) } });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
  });

  it('leaves no card data in clear in any answer, topic, column or log line', async () => {
    const all = Object.values(pans);
    const answerText = JSON.stringify(answers);
    // Answers echo the identifiers ADR 0064 keeps as sent (order id, user identifier, request id, URI).
    const kept = new Set([pans.orderId, pans.userIdentifier, pans.requestId, pans.notificationUri]);
    for (const pan of all.filter((p) => !kept.has(p))) expect(answerText).not.toContain(pan);

    expect(await findCardDataInStack(stack, identifiers())).toEqual([]);
    for (const [app, table] of [
      ['processing-orchestrator', 'processing_requests'],
      ['notifier', 'deliveries'],
    ] as const) {
      const rows = await queryStackDb(stack, app, `SELECT * FROM ${table}`);
      const text = JSON.stringify(rows);
      for (const pan of [pans.headerExtra, pans.topExtra, pans.payloadExtra, pans.taskExtra]) {
        expect(text).not.toContain(pan);
      }
    }

    const logs = localDir(findRepoRoot(), 'logs', 'test', suiteSlug(SUITE));
    expect(findCardDataInLogs(logs, all, Object.values(codes))).toEqual([]);
    // The scan read real request lines: M1's parameters, decoded and redacted.
    const gatewayLog = fs.readFileSync(path.join(logs, 'api-gateway.log'), 'utf8');
    expect(gatewayLog).toMatch(/getToken\?[^"]*number=\[REDACTED\][^"]*security_code=\[REDACTED\]/);
  });
});

async function removeStackData(stack: Stack): Promise<void> {
  const admin = new Kafka({
    clientId: 'card-data-every-door',
    brokers: stack.brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(stack.topicPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
  const db = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  await db.connect();
  try {
    for (const url of Object.values(stack.databaseUrls).filter((u): u is string => !!u)) {
      const name = decodeURIComponent(new URL(url).pathname.slice(1));
      await db.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
    }
  } finally {
    await db.end();
  }
}
