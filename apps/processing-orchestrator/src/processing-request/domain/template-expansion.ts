import { ProcessingRuleError } from './processing-rule-error';

const PLACEHOLDER = /\$\{parameters\.([A-Za-z0-9_.-]+)\}/g;

/**
 * ADR 0005: `${parameters.X}` anywhere in a string of a task's payload (a template's task or one
 * of the request's own) becomes `payload.partner.parameters.X`. A placeholder without its
 * parameter refuses the request.
 */
export function substituteParameters(
  value: unknown,
  parameters: Readonly<Record<string, string>>,
  where: string,
): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (_match, name: string) => {
      if (!Object.prototype.hasOwnProperty.call(parameters, name)) {
        throw new ProcessingRuleError(
          'TEMPLATE_PARAMETER_MISSING',
          `${where} needs payload.partner.parameters.${name}`,
        );
      }
      return parameters[name];
    });
  }
  if (Array.isArray(value))
    return value.map((item) => substituteParameters(item, parameters, where));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        substituteParameters(item, parameters, where),
      ]),
    );
  }
  return value;
}
