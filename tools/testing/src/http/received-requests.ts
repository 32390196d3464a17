import { eventually } from '../eventually';

/** What a test server received, in order of arrival, for both capture servers of this folder. */
export class ReceivedRequests<T extends { path: string }> {
  private readonly received: T[] = [];

  add(request: T): void {
    this.received.push(request);
  }

  /** Everything received, or only what reached `path`, in order of arrival. */
  requests(path?: string): T[] {
    return path === undefined ? [...this.received] : this.received.filter((r) => r.path === path);
  }

  async waitFor(path: string, count = 1, timeoutMs = 30_000): Promise<T[]> {
    await eventually(
      () => this.requests(path).length >= count,
      `${count} request(s) to ${path}`,
      timeoutMs,
      25,
    );
    return this.requests(path);
  }
}
