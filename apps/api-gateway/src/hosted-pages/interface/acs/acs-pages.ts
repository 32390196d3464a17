import { hostedPage as page } from '../page-layout';
import { escapeHtml, hiddenInput } from './html';

export const ACS_PASSWORD = '3ds-pass';

export interface ChallengeFields {
  PaReq: string;
  MD: string;
  TermUrl: string;
}

/** ADR 0007: the password form; the charge's fields travel on as hidden inputs. */
export function renderChallengePage(fields: ChallengeFields, nonce: string): string {
  return page(
    '3-D Secure verification',
    nonce,
    `<span class="badge">Sandbox</span>
<h1>Verify your payment</h1>
<p>This is the 3-D Secure simulator. Password <code>${ACS_PASSWORD}</code> approves; anything else declines.</p>
<form method="post" action="challenge/submit" autocomplete="off">
${hiddenInput('PaReq', fields.PaReq)}
${hiddenInput('MD', fields.MD)}
${hiddenInput('TermUrl', fields.TermUrl)}
<label for="password">Password</label>
<input id="password" name="password" type="password" autofocus>
<button type="submit">Submit</button>
</form>`,
  );
}

/**
 * ADR 0007: returns the user to the merchant (TermUrl) with PaRes and MD, by a self-submitting
 * form.
 */
export function renderReturnPage(
  termUrl: string,
  paRes: string,
  md: string,
  nonce: string,
): string {
  return page(
    'Returning to the shop',
    nonce,
    `<h1>Returning to the shop…</h1>
<form id="acs-return" method="post" action="${escapeHtml(termUrl)}">
${hiddenInput('PaRes', paRes)}
${hiddenInput('MD', md)}
<noscript><p>JavaScript is off: continue by hand.</p><button type="submit">Continue</button></noscript>
</form>
<script nonce="${escapeHtml(nonce)}">document.getElementById('acs-return').submit();</script>`,
  );
}
