import type { AnyDefinition } from './message-definition';
import { PartnerSnapshotV1Message } from './messages/gateway/partner-snapshot.v1';
import { ProjectSnapshotV1Message } from './messages/gateway/project-snapshot.v1';
import {
  GetProcessingStatusV1Request,
  SubmitProcessingV1Request,
} from './messages/processing/submit-processing.v1';
import { ResolveUserV1Request } from './messages/users/resolve-user.v1';
import { UserCreatedV1Message } from './messages/users/user-created.v1';

/** Every message type by name: consumers look a type up here to validate what they receive. */
const definitions: readonly AnyDefinition[] = [
  ProjectSnapshotV1Message,
  PartnerSnapshotV1Message,
  UserCreatedV1Message,
  ResolveUserV1Request,
  SubmitProcessingV1Request,
  GetProcessingStatusV1Request,
] as AnyDefinition[];

export const messageRegistry: ReadonlyMap<string, AnyDefinition> = new Map(
  definitions.map((d) => [d.type, d]),
);

export const definitionOf = (type: string): AnyDefinition | undefined => messageRegistry.get(type);
