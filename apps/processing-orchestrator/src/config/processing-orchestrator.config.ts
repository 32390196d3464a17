import { IsInt, Max, Min } from 'class-validator';
import { Env, serviceConfig, withPlatformKeyRing } from '@opp/config';

// The orchestrator encrypts its task payloads under the platform key ring (ADR 0063).
export class ProcessingOrchestratorConfig extends withPlatformKeyRing(
  serviceConfig('PROCESSING_ORCHESTRATOR', 3005, 'opp_processing_orchestrator'),
) {
  /**
   * The longest pause of the idle timer scheduler (`wait` tasks, expiration dates): it sleeps until
   * the next due timer and is told of new ones at their commit (ADR 0065); this bounds a lost one.
   */
  @Env('PROCESSING_TIMER_POLL_MS', { default: '30000' })
  @IsInt()
  @Min(10)
  @Max(60_000)
  timerPollMs: number;
}
