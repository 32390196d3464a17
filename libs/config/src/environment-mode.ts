import { DEV_CARD_DATA_PRIVATE_KEYS, DEV_CARD_DATA_PUBLIC_KEY } from './dev-card-data-keys';

/** The NODE_ENV values that relax production rules. */
export const RELAXED_NODE_ENVS = ['development', 'test'] as const;

/**
 * Fail closed (ADR 0061): only an explicit `development` or `test` relaxes production rules. An
 * unset NODE_ENV, `staging`, `prod` or a typo runs as production: no development defaults, the
 * SSRF guard on, development keys refused.
 */
export function environmentModeOf(
  nodeEnv: string | undefined,
): 'development' | 'test' | 'production' {
  return (RELAXED_NODE_ENVS as readonly (string | undefined)[]).includes(nodeEnv)
    ? (nodeEnv as 'development' | 'test')
    : 'production';
}

/** Whether this process (or `env`) runs with production rules. */
export function runsWithProductionRules(
  env: Record<string, string | undefined> = process.env,
): boolean {
  return environmentModeOf(env.NODE_ENV) === 'production';
}

/**
 * Keys whose private half is committed to this repository (the development card-data pair): in
 * production loadConfig refuses them in whatever variable they appear, a public key included,
 * since anyone can open what is sealed to it.
 */
export const DEVELOPMENT_KEY_MATERIAL: readonly string[] = [
  DEV_CARD_DATA_PUBLIC_KEY,
  DEV_CARD_DATA_PRIVATE_KEYS,
];
