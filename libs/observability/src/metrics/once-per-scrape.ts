/**
 * Shares one read between the gauges of a scrape: prom-client calls every metric's collect() at
 * once, so gauges fed by the same SQL query await one round trip instead of one each.
 */
export function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}
