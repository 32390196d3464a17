import type { HealthCheck } from './health-check';

export const HEALTH_OPTIONS = Symbol('HEALTH_OPTIONS');

export interface HealthOptions {
  checks: HealthCheck[];
  /** Per-check time limit for /health/ready; 2000 ms by default. */
  timeoutMs?: number;
}
