import type { OpenAPIObject } from '@nestjs/swagger';

const PATH_IDS = [
  { name: 'globalId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
  { name: 'taskId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
] as const;

/** The Processing API's envelope: `{"error":{"code":"NOT_FOUND","message":"Unknown GlobalId"}}`. */
const NOT_FOUND = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string', enum: ['NOT_FOUND'] }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

/**
 * Routes a browser, not a client, calls, described here rather than on their controller because
 * their handlers answer with the raw reply (no decorator describes them): the 3-D Secure TermUrl of
 * a processing task (ADR 0005, ADR 0007, ADR 0031). A partner sees this address as
 * `interactive.parameters.TermUrl` and must let the user's browser post to it unchanged.
 */
export const HOSTED_PATHS: OpenAPIObject['paths'] = {
  '/processing/acs-return/{globalId}/{taskId}': {
    post: {
      operationId: 'returnFromAcs',
      summary: '3-D Secure TermUrl of a card.payment task',
      description:
        "The access control server posts `PaRes` and `MD` here from the user's browser (the " +
        "`TermUrl` of the task's `interactive` redirect). The task tree goes on, and the browser " +
        'is sent (303) to `/processing/acs-return/{globalId}/{taskId}/continue`, which forwards it ' +
        "to the partner's `acs_return_url`, or shows a closing page when the task has none.",
      tags: ['hosted pages'],
      security: [],
      parameters: [...PATH_IDS],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                PaRes: { type: 'string', description: 'The payer authentication response' },
                MD: { type: 'string', description: 'The merchant data of the challenge' },
              },
              required: ['PaRes', 'MD'],
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'A closing page, when the task names no acs_return_url',
          content: { 'text/html': { schema: { type: 'string', description: 'An HTML page' } } },
        },
        '303': { description: 'On to the page that forwards the browser to acs_return_url' },
        '404': {
          description: 'No such request or task, or it awaits no 3-D Secure answer',
          content: { 'application/json': { schema: NOT_FOUND } },
        },
      },
    },
  },
  '/processing/acs-return/{globalId}/{taskId}/continue': {
    get: {
      operationId: 'continueFromAcs',
      summary: "Forwards the user's browser to the task's acs_return_url",
      description:
        'An auto-submitting page to the address carried, encrypted, in `to` (the gateway only ' +
        'forwards to addresses it wrote itself, so this is no open redirect).',
      tags: ['hosted pages'],
      security: [],
      parameters: [
        ...PATH_IDS,
        {
          name: 'to',
          in: 'query',
          required: true,
          description: 'The encrypted target, as the 303 of the TermUrl names it',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'The forwarding page',
          content: { 'text/html': { schema: { type: 'string', description: 'An HTML page' } } },
        },
        '404': {
          description: 'The target is missing or was not written by this gateway',
          content: { 'application/json': { schema: NOT_FOUND } },
        },
      },
    },
  },
};
