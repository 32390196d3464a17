import { DELIVERY_KINDS, DELIVERY_STATUSES } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { ApiDocOptions } from '../../http/interface/openapi/api-doc.decorator';
import {
  arrayOf,
  boolean,
  component,
  dateTime,
  extended,
  integer,
  nullable,
  object,
  ref,
  string,
  type Schema,
} from '../../http/interface/openapi/schema-refs';

const PROJECT = component(
  'Project',
  object({
    id: integer('Project id'),
    name: string('Name'),
    publicKey: string('Public key: the `project` parameter of /v1 calls'),
    previousKeyExpiresAt: nullable(dateTime('After a rotation: until when the old key signs')),
    callbackUrl: nullable(string('Callback URL')),
    baseCurrency: string('Base currency'),
    settings: ref('ProjectSettingsDto'),
    createdAt: dateTime('Created'),
    updatedAt: dateTime('Last update'),
  }),
);

/** A project as created or re-keyed: the only answers that show its private key. */
const PROJECT_WITH_PRIVATE_KEY = component(
  'ProjectWithPrivateKey',
  extended(
    PROJECT,
    object({
      privateKey: string('Private signing key; shown only when issued: store it now'),
    }),
  ),
);

const DELIVERY = component(
  'Delivery',
  object({
    id: string('Delivery id', { format: 'uuid' }),
    kind: string('What is delivered', { enum: [...DELIVERY_KINDS] }),
    status: string('Delivery status', { enum: [...DELIVERY_STATUSES] }),
    projectId: nullable(integer('Project')),
    partnerIdentifier: nullable(string('Partner')),
    subject: string('Transaction id, GlobalId or task id'),
    method: string('GET, POST or SMTP'),
    target: string('URL or e-mail address'),
    attempts: integer('Attempts so far'),
    lastError: nullable(string('Last failure')),
    lastHttpStatus: nullable(integer('Last HTTP status')),
    nextAttemptAt: nullable(dateTime('Next attempt')),
    createdAt: dateTime('Created'),
    updatedAt: dateTime('Updated'),
    succeededAt: nullable(dateTime('Delivered')),
    deadAt: nullable(dateTime('Given up')),
  }),
);

const DISPUTE = component(
  'Dispute',
  object({
    id: integer('The chargeback or retrieval transaction'),
    type: string('Transaction type', { enum: ['chargeback', 'retrieval'] }),
    status: string('Its status', { enum: ['completed'] }),
    referenceId: integer('The disputed payment'),
    paymentStatus: string("The payment's status after it", { enum: ['charged_back', 'retrieved'] }),
    price: string('Amount returned to the customer (chargeback) or to the merchant (retrieval)'),
    fee: string('The part of the fee that moved with it'),
    currency: string('Currency'),
    penalty: nullable(
      object({ id: integer('The penalty transaction'), price: string('Penalty amount') }),
    ),
    createdAt: dateTime('Created'),
  }),
);

const DISPUTE_RULES =
  'ADR 0028. Sandbox projects only. Idempotent: a repeat answers the same transaction (with ' +
  "the payment's status now) and posts nothing. 404 40403: no such payment; " +
  '405 40504: a live project, or a payment in no state for it.';

/** A partner template as the admin API answers it (PUT: 200 replaced, 201 created). */
export const PARTNER_TEMPLATE_SCHEMA = component(
  'PartnerTemplate',
  object({
    identifier: string('Partner identifier'),
    name: string('Template name'),
    tasks: arrayOf(object({}, [], 'A task of the processing API'), "The template's tasks"),
    createdAt: dateTime('Created'),
    updatedAt: dateTime('Last update'),
  }),
);

const admin = (
  summary: string,
  response: Schema,
  extra: Partial<ApiDocOptions> = {},
): ApiDocOptions => ({
  summary,
  auth: 'admin',
  response,
  errors: [ErrorCode.ResourceNotFound],
  ...extra,
});

const OPERATOR = component(
  'OperatorToken',
  object({
    name: string('The operator: the audit log names them so'),
    scope: string('read: GET only; write: every admin call', { enum: ['read', 'write'] }),
    createdBy: string('The operator who issued it (bootstrap: ADMIN_TOKEN)'),
    createdAt: dateTime('Issued'),
    revokedAt: nullable(dateTime('Revoked; its calls answer 401 since')),
  }),
);

export const AdminDocs = {
  createOperator: admin(
    'Issue a named operator token; answers the token once',
    extended(OPERATOR, object({ token: string('The bearer token; shown only now: store it now') })),
    {
      status: 201,
      description:
        'ADR 0061. Only its SHA-256 is stored. A name is unique among the tokens not revoked ' +
        '(400 40017 otherwise); `bootstrap` and `unauthenticated` are reserved.',
    },
  ),
  listOperators: admin(
    'Every operator token issued, revoked ones included (never the tokens)',
    object({ operators: arrayOf(OPERATOR) }),
    { errors: [] },
  ),
  revokeOperator: admin(
    'Revoke the operator token of that name: its next call answers 401',
    object({}, [], 'No content'),
    { status: 204, errors: [ErrorCode.ResourceNotFound] },
  ),
  createProject: admin(
    'Create a merchant project; answers its keys once',
    PROJECT_WITH_PRIVATE_KEY,
    {
      status: 201,
      errors: [],
    },
  ),
  getProject: admin('Read a project', PROJECT),
  updateProject: admin("Change a project's name, callback URL or settings", PROJECT),
  rotateKeys: admin(
    'Issue a new private key; the old one keeps verifying for the grace period, or not at all',
    PROJECT_WITH_PRIVATE_KEY,
    {
      description:
        'ADR 0002, ADR 0061. The public key stays. The old private key keeps verifying for ' +
        'KEY_ROTATION_GRACE_HOURS (default 24; `previousKeyExpiresAt`). Only one old key is ' +
        'kept: a second rotation within the grace period discards the key the first one kept. ' +
        'With `{"revokePrevious": true}` (a leaked key) the old key stops verifying at once ' +
        '(`previousKeyExpiresAt` null; other gateway replicas within 5 seconds).',
      body: object(
        { revokePrevious: boolean('true: no grace period for the old key (default false)') },
        [],
      ),
      jsonOnly: true,
    },
  ),
  createPartner: admin(
    'Create a processing partner; answers its secret once',
    object({
      identifier: string('Partner identifier'),
      secret: string('Signing secret; shown only now'),
      projectId: integer('The merchant project the partner works for'),
    }),
    { status: 201 },
  ),
  getPartner: admin(
    'Read a partner',
    object({
      identifier: string('Partner identifier'),
      projectId: integer('Project'),
      name: nullable(string('Name')),
    }),
  ),
  putTemplate: admin('Create (201) or replace (200) a partner template', PARTNER_TEMPLATE_SCHEMA),
  getTemplate: admin('Read a partner template', PARTNER_TEMPLATE_SCHEMA),
  deleteTemplate: admin(
    'Delete a partner template; requests naming it are refused afterwards',
    object({}, [], 'No content'),
    { status: 204 },
  ),
  listDeliveries: admin(
    'Callback and notification deliveries, newest first',
    object({
      totalCount: integer('Matching deliveries'),
      page: integer('Page'),
      limit: integer('Per page'),
      deliveries: arrayOf(DELIVERY),
    }),
    {
      query: {
        properties: {
          status: string('Only this status', { enum: [...DELIVERY_STATUSES] }),
          kind: string('Only this kind', { enum: [...DELIVERY_KINDS] }),
          project: integer('Only this project', { minimum: 1 }),
          page: integer('Page, from 1', { minimum: 1 }),
          limit: integer('Per page', { minimum: 1, maximum: 100 }),
        },
      },
      errors: [],
    },
  ),
  replayDelivery: admin('Deliver a dead or delivered callback again', DELIVERY),
  sandboxChargeback: admin(
    'Sandbox: charge back a completed payment (callbacks chargeback_completed, penalty_completed)',
    DISPUTE,
    {
      description: `${DISPUTE_RULES} The payment's fee is taken again as a penalty.`,
      errors: [ErrorCode.TransactionNotFound, ErrorCode.TransactionNotReversible],
    },
  ),
  sandboxRetrieval: admin(
    'Sandbox: win the dispute of a charged-back payment (callback retrieval_completed)',
    DISPUTE,
    {
      description: `${DISPUTE_RULES} The penalty is not returned.`,
      errors: [ErrorCode.TransactionNotFound, ErrorCode.TransactionNotReversible],
    },
  ),
} satisfies Record<string, ApiDocOptions>;
