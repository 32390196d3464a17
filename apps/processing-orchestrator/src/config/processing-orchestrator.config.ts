import { serviceConfig } from '@opp/config';

export class ProcessingOrchestratorConfig extends serviceConfig(
  'PROCESSING_ORCHESTRATOR',
  3005,
  'opp_processing_orchestrator',
) {}
