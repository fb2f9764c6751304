/** The small HTML page a contact sees after following the confirmation link of the e-mail. */
import type { ConfirmOutcome } from './contacts.service';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const TEXT: Readonly<Record<ConfirmOutcome['kind'], { status: number; title: string; body: string }>> = {
  confirmed: {
    status: 200,
    title: 'Email address confirmed',
    body: 'Rackside notifications will now be sent to {email}. You can close this page.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    body: 'Ask the person who added you to save your contact again: a new link will be sent.',
  },
  invalid: {
    status: 404,
    title: 'This link is not valid',
    body: 'It may have been used already, or the contact was changed or removed.',
  },
};

/** The status and HTML of the page for an outcome. */
export function confirmPage(outcome: ConfirmOutcome): { status: number; html: string } {
  const { status, title, body } = TEXT[outcome.kind];
  const text = escape(body).replace('{email}', outcome.kind === 'confirmed' ? escape(outcome.email) : '');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Rackside</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>
</head>
<body><h1>${title}</h1><p>${text}</p></body>
</html>
`;
  return { status, html };
}
