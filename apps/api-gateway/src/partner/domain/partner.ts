import { randomToken } from '@opp/crypto';

/** A partner of the Task-Tree Processing API; it acts on the money of its project (ADR 0002). */
export interface Partner {
  identifier: string;
  projectId: number;
  name: string | null;
  secret: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const newPartnerSecret = (): string => randomToken(32);
