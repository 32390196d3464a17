import { useEffect, useState } from 'preact/hooks';

/**
 * Routes live in the URL's fragment (`#/transactions/42`): the server serves one page, a link can
 * be shared among operators, and the fragment never reaches a server or a Referer.
 */
export type Route =
  | { page: 'search'; query: URLSearchParams }
  | { page: 'transaction'; id: string }
  | { page: 'order'; projectId: string; orderId: string }
  | { page: 'processing'; id: string }
  | { page: 'projects' }
  | { page: 'deliveries'; projectId: string; query: URLSearchParams }
  | { page: 'balance'; projectId: string }
  | { page: 'not-found'; path: string };

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '') || '/';
  const [path, search = ''] = raw.split('?', 2);
  const query = new URLSearchParams(search);
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third] = parts;
  if (parts.length === 0 || (first === 'search' && parts.length === 1)) {
    return { page: 'search', query };
  }
  if (first === 'transactions' && parts.length === 2) return { page: 'transaction', id: second };
  if (first === 'processing' && parts.length === 2) return { page: 'processing', id: second };
  if (first === 'orders' && parts.length === 3) {
    return { page: 'order', projectId: second, orderId: third };
  }
  if (first === 'projects' && parts.length === 1) return { page: 'projects' };
  if (first === 'projects' && third === 'deliveries' && parts.length === 3) {
    return { page: 'deliveries', projectId: second, query };
  }
  if (first === 'projects' && third === 'balance' && parts.length === 3) {
    return { page: 'balance', projectId: second };
  }
  return { page: 'not-found', path };
}

export function href(...parts: (string | number)[]): string {
  return `#/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;
}

export function hrefWithQuery(base: string, query: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

export function useRoute(): Route {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const onChange = () => setHash(location.hash);
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return parseRoute(hash);
}
