/**
 * The small HTML pages of a notification's links (issue 15), like contacts/confirm-page.ts: following a link only
 * shows a page with a button (a mail scanner that fetches every link acknowledges or unsubscribes nothing); the
 * button POSTs the token back. Every text typed by a user is escaped; the token goes in a hidden field.
 */

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What a link page shows. */
export type LinkOutcome =
  | { readonly kind: 'askAcknowledge'; readonly summary: string; readonly token: string; readonly action: string }
  | { readonly kind: 'acknowledged'; readonly summary: string; readonly by: string }
  | { readonly kind: 'askUnsubscribe'; readonly address: string; readonly token: string; readonly action: string }
  | { readonly kind: 'unsubscribed'; readonly address: string }
  | { readonly kind: 'invalid' };

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · Rackside</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1.2rem;border-radius:.3rem;border:1px solid #345;background:#245;color:#fff;cursor:pointer}</style>
</head>
<body><h1>${escape(title)}</h1>${body}</body>
</html>
`;

const form = (action: string, token: string, label: string): string =>
  `<form method="post" action="${escape(action)}"><input type="hidden" name="token" value="${escape(token)}">` +
  `<button type="submit">${escape(label)}</button></form>`;

/** The status and HTML of a link page (400 for a damaged or expired link: LINK_INVALID). */
export function linkPage(outcome: LinkOutcome): { status: number; html: string } {
  switch (outcome.kind) {
    case 'askAcknowledge':
      return {
        status: 200,
        html: page(
          'Acknowledge this incident?',
          `<p>${escape(outcome.summary)}</p><p>Acknowledging stops the reminders and the escalation for everyone.</p>` +
            form(outcome.action, outcome.token, 'Acknowledge'),
        ),
      };
    case 'acknowledged':
      return {
        status: 200,
        html: page(
          'Acknowledged',
          `<p>${escape(outcome.summary)}</p><p>Acknowledged by ${escape(outcome.by)}. No more reminders will be sent. You can close this page.</p>`,
        ),
      };
    case 'askUnsubscribe':
      return {
        status: 200,
        html: page(
          'Stop notification e-mails?',
          `<p>Rackside will stop sending fault notifications to ${escape(outcome.address)}.</p>` +
            form(outcome.action, outcome.token, 'Unsubscribe'),
        ),
      };
    case 'unsubscribed':
      return {
        status: 200,
        html: page(
          'Unsubscribed',
          `<p>No more notification e-mails will be sent to ${escape(outcome.address)}. ` +
            'To receive them again, ask the account owner to save your contact again and confirm the address.</p>',
        ),
      };
    case 'invalid':
      return {
        status: 400,
        html: page(
          'This link is not valid',
          '<p>It is damaged or has expired (LINK_INVALID). Open the incident in the Rackside console instead.</p>',
        ),
      };
  }
}
