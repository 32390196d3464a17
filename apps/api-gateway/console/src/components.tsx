import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure } from './api';

/** A page's title; it takes the focus when the page opens, so keyboard and reader users land on it. */
export function PageTitle({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} id="page-title">
      {children}
    </h1>
  );
}

export function Status({ value }: { value: string | null | undefined }) {
  const text = value ?? 'unknown';
  const tone = /^(success|delivered|completed|finished|succeeded)$/i.test(text)
    ? 'ok'
    : /^(fail|failed|dead|declined|error|expired|refused)$/i.test(text)
      ? 'bad'
      : /^(skipped|cancelled|canceled)$/i.test(text)
        ? 'muted'
        : 'pending';
  return <span class={`status status-${tone}`}>{text}</span>;
}

export function Problem({ error }: { error: unknown }) {
  const message =
    error instanceof ApiFailure
      ? `${error.status === 404 ? 'Not found' : `Refused (${error.status})`}: ${error.message}`
      : String(error);
  return (
    <p class="problem" role="alert">
      {message}
    </p>
  );
}

export type Loaded<T> =
  { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: unknown };

/** Loads once per key; the answer of an older key never overwrites a newer one. */
export function useLoad<T>(load: () => Promise<T>, key: string): [Loaded<T>, (value: T) => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (value) => current && setLoaded({ state: 'done', value }),
      (error: unknown) => current && setLoaded({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
    // The key names what is loaded: a new key loads again, a new closure alone does not.
  }, [key]);
  return [loaded, (value: T) => setLoaded({ state: 'done', value })];
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {what}…
    </p>
  );
}
