import { TASK_STATUSES } from '@opp/contracts';
import { component } from '../../http/interface/openapi/schema-refs';

/**
 * OpenAPI description of the Task-Tree Processing API: what processing-api.md leaves "not shown"
 * and the ADRs decided (ADR 0004, ADR 0005), plus this implementation's limits and error codes.
 */
export const PROCESSING_ERROR_DESCRIPTION = [
  'Error object: `{"error":{"code":"<CODE>","message":"<what is wrong, naming the field>"}}`.',
  'Codes with HTTP 400:',
  '- `INVALID_REQUEST`: the body is not a JSON Request object, `payload` is missing, or',
  '  `payload.partner.parameters` is not a map of strings.',
  '- `HEADER_REQUEST_MISSING`: `header.request` is missing.',
  '- `INVALID_HEADER`: `header.request.id`/`date`, `header.service.sync`, `waitTime`',
  '  (PT0S, PT1S, PT2S) or a `header.service.result` target (type URL, method GET|POST, http(s) uri,',
  '  at most 20) is invalid.',
  '- `TASKS_EMPTY`: `payload.tasks` is missing or empty.',
  '- `MALFORMED_TREE`: a task is not an object, has no string `type`, a `payload` that is not an',
  '  object, `success`/`fail`/`always` that are not arrays, or an invalid `expiration.date`; or a',
  '  template is used wrongly (a template inside a template; branches on a template of several tasks).',
  '- `UNKNOWN_TASK_TYPE`: a `type` is neither a function nor `template:<name>`.',
  '- `TOO_MANY_TASKS`: more than 100 tasks in the request (after template expansion).',
  '- `TREE_TOO_DEEP`: more than 10 levels (a root task is level 1).',
  '- `UNKNOWN_TEMPLATE`: `template:<name>` names no template of the partner.',
  '- `TEMPLATE_PARAMETER_MISSING`: a task payload uses `${parameters.X}` and',
  '  `payload.partner.parameters.X` is missing.',
  '- `DUPLICATE_REQUEST_ID`: `header.request.id` was used before by this partner with another body',
  '  (ADR 0017). The same id with the byte-identical body starts nothing and answers as',
  '  `GET /processing/status` of the first request (same GlobalId).',
  'HTTP 401 `UNAUTHORIZED`: partner, `X-OPP-Partner` or `X-OPP-Signature` missing or wrong (ADR 0004).',
  "HTTP 404 `NOT_FOUND` (JSON): unknown GlobalId, or another partner's (status), or an unknown",
  'task (acs-return). HTTP 404 with a `text/plain` apology: the request cannot be accepted at the',
  'moment (broker or service unavailable); repeat it after a few seconds.',
].join('\n');

export const SUBMIT_DESCRIPTION = [
  "Runs a request's task trees. Sign the raw body: header `X-OPP-Signature` = hex",
  'HMAC-SHA256(partner secret, body bytes); the partner is `payload.partner.identifier` (ADR 0004).',
  '',
  'Task types: `card.payment` (fields of POST /v1/card/process minus project and signature),',
  '`card.authenticate` (PaRes, MD), `transaction.status`, `user.resolve`, `message.send`',
  '(`{channel: webhook|email, to, subject?, text}`), `wait` (`{seconds}`, sandbox projects only),',
  '`transaction.reverse` (id or order_id, amount, comment?: as POST /v1/transaction/reverse),',
  '`recurring.charge` (fields of POST /v1/card/processRecurring: user, price, currency, order_id?,',
  'description?; FAIL with `data.error` for the codes 40405, 40310, 40311, 40502, 40503),',
  '`payout` (fields of POST /v1/payout; ADR 0060), and `template:<name>` (a partner template, admin',
  'API). `${parameters.X}` in any task payload becomes `payload.partner.parameters.X`.',
  '',
  'Rules: root tasks run in parallel; when a task ends, its `success` (or `fail`) list runs and',
  'the other list is SKIPPED with its whole subtree; `always` runs after either outcome. A task',
  'whose `expiration.date` has passed before it ends is EXPIRED and counts as failed. The request',
  'is FINISHED when no task is PENDING, RUNNING or WAITING; then every `header.service.result`',
  'target is notified. A card.payment that needs 3-D Secure leaves its task WAITING and the request',
  'WAITING with `result.interactive` = `{type: REDIRECT, uri, method: POST, parameters}`; the',
  'access control server returns the user to this gateway, which resumes the tree and redirects',
  "the user to the task's own `acs_return_url`.",
  '',
  'Synchronous simulation: with `header.service.sync` true the answer waits up to `waitTime`',
  '(PT0S, PT1S, PT2S; default PT2S; never more than 2 s) for the request to be FINISHED or WAITING;',
  'otherwise (or when the window closes first) it answers PROCESSING and the flow is asynchronous.',
  '',
  'Limits: 100 tasks per request, 10 levels, 20 notification targets, `wait` up to 86400 s.',
  '',
  'Response: `result.status` PROCESSING | WAITING | FINISHED; `result.code` 0 finished and every',
  'task that ran succeeded, 1 finished with a task FAIL or EXPIRED, 2 processing, 3 waiting for an',
  'interaction; `payload.tasks` echoes the trees (template tasks expanded, card numbers masked,',
  'security codes removed), each task with `id`, `result.status` (PENDING, RUNNING, WAITING,',
  'SUCCESS, FAIL, EXPIRED, SKIPPED), `result.reason` when there is one, and `data` (the',
  "operation's response fields) where present.",
  '',
  PROCESSING_ERROR_DESCRIPTION,
].join('\n');

const task = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string', example: 'wait' },
    payload: { type: 'object', additionalProperties: true, example: { seconds: 1 } },
    success: { type: 'array', items: { type: 'object' } },
    fail: { type: 'array', items: { type: 'object' } },
    always: { type: 'array', items: { type: 'object' } },
    expiration: { type: 'object', properties: { date: { type: 'string', format: 'date-time' } } },
  },
};

const target = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['URL'] },
    uri: { type: 'string', format: 'uri' },
    method: { type: 'string', enum: ['GET', 'POST'] },
  },
};

export const REQUEST_SCHEMA = {
  type: 'object',
  required: ['header', 'payload'],
  properties: {
    header: {
      type: 'object',
      properties: {
        request: {
          type: 'object',
          properties: { id: { type: 'string' }, date: { type: 'string', format: 'date-time' } },
        },
        service: {
          type: 'object',
          properties: {
            sync: { type: 'boolean' },
            waitTime: { type: 'string', enum: ['PT0S', 'PT1S', 'PT2S'] },
            result: { type: 'array', items: target },
          },
        },
      },
    },
    payload: {
      type: 'object',
      properties: {
        partner: {
          type: 'object',
          properties: {
            identifier: { type: 'string' },
            parameters: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        settings: {
          type: 'object',
          properties: {
            culture: { type: 'string' },
            encoding: { type: 'string' },
            contact: { type: 'string' },
            userIp: { type: 'string' },
          },
        },
        tasks: { type: 'array', minItems: 1, items: task },
      },
    },
  },
};

/** The Response object: what POST /processing and GET /processing/status both answer. */
export const RESPONSE_SCHEMA = component('ProcessingResponse', {
  type: 'object',
  properties: {
    header: {
      type: 'object',
      properties: {
        request: { type: 'object', properties: { id: {}, date: { type: 'string' } } },
        response: {
          type: 'object',
          properties: {
            globalId: { type: 'string', format: 'uuid' },
            id: { type: 'string', format: 'uuid' },
            date: { type: 'string', format: 'date-time' },
          },
        },
        service: {
          type: 'object',
          properties: {
            sync: { type: 'boolean' },
            waitingTime: { type: 'string', enum: ['PT0S', 'PT1S', 'PT2S'] },
            result: { type: 'array', items: target },
          },
        },
      },
    },
    result: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['PROCESSING', 'WAITING', 'FINISHED'] },
        code: { type: 'integer', enum: [0, 1, 2, 3] },
        comment: { type: 'string' },
        interactive: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['REDIRECT'] },
            uri: { type: 'string' },
            method: { type: 'string', enum: ['POST'] },
            parameters: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    payload: {
      type: 'object',
      properties: {
        tasks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', format: 'uuid' },
              type: { type: 'string' },
              template: { type: 'string' },
              payload: { type: 'object' },
              result: {
                type: 'object',
                properties: {
                  status: { type: 'string', enum: [...TASK_STATUSES] },
                  reason: { type: 'string' },
                },
              },
              data: { type: 'object' },
              success: { type: 'array', items: { type: 'object' } },
              fail: { type: 'array', items: { type: 'object' } },
              always: { type: 'array', items: { type: 'object' } },
            },
          },
        },
      },
    },
  },
});

export const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', example: 'TASKS_EMPTY' },
        message: { type: 'string', example: 'payload.tasks must list at least one task' },
      },
    },
  },
};
