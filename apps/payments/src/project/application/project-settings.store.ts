import type { ProjectSettingsV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';

export interface ProjectSettings extends ProjectSettingsV1 {
  projectId: number;
  baseCurrency: string;
}

/** Port: project settings from the local read model the gateway's snapshots feed (libs/snapshots). */
export abstract class ProjectSettingsStore {
  /** A project the read model does not know cannot be charged for: 42201 (D-spec wording). */
  abstract require(work: UnitOfWork, projectId: number): Promise<ProjectSettings>;

  /** How many projects are live (not sandbox). */
  abstract countLive(work: UnitOfWork): Promise<number>;
}
