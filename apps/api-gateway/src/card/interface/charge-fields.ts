import { maskCardNumbers } from '@opp/card-bins';
import { ApiError, ErrorCode } from '@opp/errors';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';
import { isHttpUrl } from '@opp/destination-guard';
import { readDays as readDaysField, readSwitch } from '@opp/money';
import { fieldText, fieldValue } from '../../http/interface/form-fields';

/** A 0/1 switch, by the charge fields' one rule (`@opp/money`); default 0. */
export function readFlag(params: RequestParams, name: string): boolean {
  return fieldValue(readSwitch(params, name));
}

/** A whole number of days, 0 to 3650, or undefined when absent or empty (`@opp/money`). */
export function readDays(params: RequestParams, name: string): number | undefined {
  return fieldValue(readDaysField(params, name));
}

/** Every top-level `attr_*` parameter, name kept, value as text (echoed in callbacks). */
export function readAttributes(params: RequestParams): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const name of Object.keys(params)) {
    if (!name.startsWith('attr_') || name.length === 'attr_'.length) continue;
    const value = fieldText(params, name) ?? '';
    if (value.length > 1024) {
      throw ApiError.of(ErrorCode.InvalidParameter, `${name} is longer than 1024 characters`);
    }
    attributes[name] = maskCardNumbers(value); // free text (ADR 0064)
  }
  return attributes;
}

/** An absolute http(s) URL (acs_return_url), or undefined when absent. */
export function readHttpUrl(params: RequestParams, name: string): string | undefined {
  const text = fieldText(params, name)?.trim();
  if (text === undefined || text === '') return undefined;
  if (text.length > 2048 || !isHttpUrl(text)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be an absolute http(s) URL`);
  }
  return text;
}

/** A nested object parameter (`card[...]`, `user[...]`), or undefined when absent or empty text. */
export function readObject(params: RequestParams, name: string): RequestParams | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) return value as RequestParams;
  return undefined;
}
