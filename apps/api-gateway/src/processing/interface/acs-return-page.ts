import type { FastifyReply } from 'fastify';
import { withHostedPageHeaders } from '../../hosted-pages/interface/html-response';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The last step of 3-D Secure: forward the user to the partner, or say that they may close. */
export function returnPage(target: string | null): string {
  if (!target) {
    return '<!doctype html><meta charset="utf-8"><title>3-D Secure</title><p>Authentication received. You may close this page.</p>';
  }
  const url = escapeHtml(target);
  return (
    '<!doctype html><meta charset="utf-8"><title>Returning</title>' +
    `<meta http-equiv="refresh" content="0;url=${url}">` +
    `<p>Returning… <a href="${url}">Continue</a></p>`
  );
}

/** Never cached nor framed, like every hosted page (ADR 0061); no script, style or form at all. */
export function sendHtml(reply: FastifyReply, html: string) {
  return withHostedPageHeaders(
    reply.status(200),
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  ).send(html);
}
