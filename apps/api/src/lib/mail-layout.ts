/** The parts of a product email: a heading, paragraphs, one call to action and a footnote. */
export type MailContent = {
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text typed by people (names, org names) is escaped before it enters the HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The plain-text body: the same words, the link on its own line so any client can open it. */
export function mailText(content: MailContent): string {
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${content.action.label}: ${content.action.url}`,
    '',
    content.footnote,
    '',
  ].join('\n');
}

/** The HTML body: inline styles only, because mail clients drop style sheets. */
export function mailHtml(content: MailContent): string {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const url = escapeHtml(content.action.url);
  return `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:22px;margin:0 0 20px">${escapeHtml(content.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0c8599;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#0c8599;word-break:break-all">${url}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(content.footnote)}</p>
</div>
</body>
</html>
`;
}

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A link's expiry as mails state it: one unambiguous time for every reader, in UTC. */
export function formatExpiry(date: Date): string {
  return `${EXPIRY_FORMAT.format(date)} UTC`;
}

/** A header value made of typed text: line breaks would end the header (header injection). */
export function headerSafe(text: string): string {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}
