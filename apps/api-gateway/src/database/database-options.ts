import { serviceDataSourceOptions } from '@opp/persistence';
import { CreateProjectsAndPartners1763700000200 } from './migrations/1763700000200-create-projects-and-partners';
import { CreateSignedRequests1763700000400 } from './migrations/1763700000400-create-signed-requests';
import { CreatePartnerTemplates1763700000600 } from './migrations/1763700000600-create-partner-templates';
import { CreateAdminAuditLog1763700000800 } from './migrations/1763700000800-create-admin-audit-log';
import { RecordMerchantSecretsKek1763800001100 } from './migrations/1763800001100-record-merchant-secrets-kek';
import { StoreReplayAnswerText1763800003100 } from './migrations/1763800003100-store-replay-answer-text';
import { MaskCardDataInPartnerTemplates1763800005900 } from './migrations/1763800005900-mask-card-data-in-partner-templates';
import { CreateAdminOperators1764400000100 } from './migrations/1764400000100-create-admin-operators';
import { MoveAdminAuditLog1764400000200 } from './migrations/1764400000200-move-admin-audit-log';
import { SignedRequestTrace1764960000100 } from './migrations/1764960000100-signed-request-trace';
import { TraceMessageLog1764960000110 } from './migrations/1764960000110-trace-message-log';
import { CreateSandboxClocks1764990000100 } from './migrations/1764990000100-create-sandbox-clocks';
import { TraceMessagesRecordedBrin1765100000200 } from './migrations/1765100000200-trace-messages-recorded-brin';

export const SERVICE_NAME = 'api-gateway';
/** No ORM entities: repositories write typed SQL (ADR 0031); TypeORM keeps the migrations. */
export const entities: Array<new () => unknown> = [];
export const migrations = [
  CreateProjectsAndPartners1763700000200,
  CreateSignedRequests1763700000400,
  CreatePartnerTemplates1763700000600,
  CreateAdminAuditLog1763700000800,
  RecordMerchantSecretsKek1763800001100,
  StoreReplayAnswerText1763800003100,
  MaskCardDataInPartnerTemplates1763800005900,
  CreateAdminOperators1764400000100,
  MoveAdminAuditLog1764400000200,
  SignedRequestTrace1764960000100,
  TraceMessageLog1764960000110,
  CreateSandboxClocks1764990000100,
  TraceMessagesRecordedBrin1765100000200,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
