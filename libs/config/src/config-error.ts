/** Every problem of a configuration at once, by variable name; never carries the values. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    readonly configName: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${configName}: ${problems.join('; ')}`);
  }
}
