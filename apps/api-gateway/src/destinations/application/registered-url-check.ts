import { Injectable } from '@nestjs/common';
import { ApiError, ErrorCode } from '@opp/errors';
import { DestinationGuard } from '@opp/destination-guard';

/**
 * ADR 0010 SSRF guard at registration: a callback or notification URL that the notifier would refuse
 * in production is refused when it is given, so the caller learns at once instead of from
 * dead-lettered deliveries. The notifier still checks every attempt (DNS answers change).
 * Outside production anything goes, as in the notifier.
 */
@Injectable()
export class RegisteredUrlCheck {
  constructor(private readonly guard: DestinationGuard) {}

  /** Why the URL is refused, or null when it may be registered. */
  async refusal(url: string): Promise<string | null> {
    const check = await this.guard.check(url);
    return check.ok ? null : check.reason;
  }

  /** For the admin API: 400 40017 naming the field. */
  async assertAllowed(field: string, url: string | null | undefined): Promise<void> {
    if (url === null || url === undefined) return;
    const reason = await this.refusal(url);
    if (reason !== null)
      throw ApiError.of(ErrorCode.InvalidParameter, `${field} refused: ${reason}`);
  }
}
