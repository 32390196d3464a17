// The operator's token lives in this tab's sessionStorage only (ADR 0066): it survives a reload,
// is gone when the tab closes, is never a cookie (so no request carries it unless this code adds it)
// and never reaches a URL.
const KEY = 'opp-console-token';

export function savedToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}
