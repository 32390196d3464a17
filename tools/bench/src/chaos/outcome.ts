import type { ChargeAnswer } from '../card-scenario';

/** One row of the chaos table (docs/operations/chaos.md). */
export interface ScenarioOutcome {
  scenario: string;
  /** What ran while the fault happened, e.g. "16 charging + 2 submitting trees, 40 s". */
  load: string;
  /** Answers by status, e.g. "200 completed 840, 503 17 (17 completed later)". */
  answers: string;
  /** From the first to the last answer other than 200 after the fault, or "none". */
  window: string;
  /** Acknowledged effects (charges, trees, payouts, recurring periods, callbacks) missing. */
  lost: number;
  /** Effects that happened more than once (payments per order, payout postings, periods). */
  doubled: number;
  /** Differences `npm run reconcile` reports over the scenario's projects. */
  differences: number;
  /** Anything that explains the row (what was lost or doubled). */
  notes: string[];
}

/** The gateway's answers during a scenario, counted by status, and when refusals came. */
export class AnswerTally {
  private readonly counts = new Map<string, number>();
  private readonly refusedAt: number[] = [];
  readonly refusedOrders = new Set<string>();
  faultAt: number | undefined;

  readonly record = (answer: ChargeAnswer): void => {
    this.counts.set(answer.status, (this.counts.get(answer.status) ?? 0) + 1);
    if (answer.status.startsWith('200')) return;
    this.refusedOrders.add(answer.orderId);
    this.refusedAt.push(answer.at);
  };

  get total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** "200 completed 840, 503 17 (17 completed later)". */
  describe(completedLater: number): string {
    const parts = [...this.counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status} ${n}`);
    const later = this.refusedOrders.size > 0 ? ` (${completedLater} completed later)` : '';
    return parts.length ? `${parts.join(', ')}${later}` : 'none';
  }

  /** "t+0.4 s to t+3.1 s (2.7 s)" relative to the fault, or "none". */
  window(): string {
    if (this.refusedAt.length === 0) return 'none';
    const origin = this.faultAt ?? Math.min(...this.refusedAt);
    const first = (Math.min(...this.refusedAt) - origin) / 1000;
    const last = (Math.max(...this.refusedAt) - origin) / 1000;
    const sign = (s: number) => (s < 0 ? `t${s.toFixed(1)}` : `t+${s.toFixed(1)}`);
    return `${sign(first)} s to ${sign(last)} s (${(last - first).toFixed(1)} s)`;
  }
}

const COLUMNS = [
  'scenario',
  'load',
  'answers by status',
  'non-200 window',
  'lost',
  'doubled',
  'reconciliation',
] as const;

/** The chaos table in Markdown, as docs/operations/chaos.md holds it. */
export function chaosTable(outcomes: readonly ScenarioOutcome[]): string {
  const rows = outcomes.map((o) => [
    o.scenario,
    o.load,
    o.answers,
    o.window,
    String(o.lost),
    String(o.doubled),
    o.differences === 0 ? '0 differences' : `${o.differences} difference(s)`,
  ]);
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(COLUMNS), line(COLUMNS.map(() => '---')), ...rows.map(line)].join('\n');
}

export function passed(outcome: ScenarioOutcome): boolean {
  return outcome.lost === 0 && outcome.doubled === 0 && outcome.differences === 0;
}
