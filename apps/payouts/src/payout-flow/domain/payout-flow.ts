import { ErrorCode } from '@opp/errors';

/**
 * Where a payout's flow stands (ADR 0060): `reserving` while payments reserves its funds (the step
 * in flight), `accepted` once reserved (the payout order takes it to the rail), `refused` when
 * payments refused (nothing reserved), `expired` when its deadline passed first, and `compensated`
 * when a reservation that came after the deadline was cancelled back to the balance.
 */
export type PayoutFlowState = 'reserving' | 'accepted' | 'refused' | 'expired' | 'compensated';

export type PayoutFlowOutcome =
  | { kind: 'pending' }
  | { kind: 'accepted'; payoutId: number }
  | { kind: 'refused'; code: number; message: string };

export interface PayoutFlowSnapshot {
  id: string;
  projectId: number;
  requestKey: string;
  state: PayoutFlowState;
  payoutId: number | null;
  refusalCode: number | null;
  refusalMessage: string | null;
  deadline: Date;
}

/** What a late reservation calls for: take it to the rail, cancel it back, or nothing (a redelivery). */
export type ReservationStep = 'accept' | 'compensate' | 'none';

const EXPIRED_MESSAGE =
  'Service unavailable: the payout was not accepted in time; nothing is paid out';

/**
 * A payout's flow, owned by payouts: its outcome is decided once (accepted, refused or expired)
 * and is what every later command with the same signed request answers.
 */
export class PayoutFlow {
  private constructor(private state: PayoutFlowSnapshot) {}

  static start(id: string, projectId: number, requestKey: string, deadline: Date): PayoutFlow {
    return new PayoutFlow({
      id,
      projectId,
      requestKey,
      state: 'reserving',
      payoutId: null,
      refusalCode: null,
      refusalMessage: null,
      deadline,
    });
  }

  static restore(snapshot: PayoutFlowSnapshot): PayoutFlow {
    return new PayoutFlow({ ...snapshot });
  }

  get snapshot(): Readonly<PayoutFlowSnapshot> {
    return this.state;
  }

  /**
   * Payments reserved the funds as payout `payoutId`. In time, the flow is accepted; after its
   * deadline (the merchant was told nothing is paid out) the reservation must be compensated.
   */
  reserved(payoutId: number): ReservationStep {
    if (this.state.state === 'reserving') {
      this.state = { ...this.state, state: 'accepted', payoutId };
      return 'accept';
    }
    if (this.state.state === 'expired') {
      this.state = { ...this.state, state: 'compensated', payoutId };
      return 'compensate';
    }
    return 'none';
  }

  /** Payments refused the reservation: that refusal is the outcome (if the flow still waited). */
  refused(code: number, message: string): void {
    if (this.state.state !== 'reserving') return;
    this.state = { ...this.state, state: 'refused', refusalCode: code, refusalMessage: message };
  }

  /** The deadline passed with the reservation unanswered: the outcome is a 503, nothing paid out. */
  expire(now: Date): boolean {
    if (this.state.state !== 'reserving' || this.state.deadline > now) return false;
    this.state = {
      ...this.state,
      state: 'expired',
      refusalCode: ErrorCode.ServiceUnavailable,
      refusalMessage: EXPIRED_MESSAGE,
    };
    return true;
  }

  outcome(): PayoutFlowOutcome {
    const { state, payoutId, refusalCode, refusalMessage } = this.state;
    if (state === 'reserving') return { kind: 'pending' };
    if (state === 'accepted') return { kind: 'accepted', payoutId: payoutId! };
    return { kind: 'refused', code: refusalCode!, message: refusalMessage! };
  }
}
