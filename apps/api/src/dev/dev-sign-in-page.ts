import { escapeHtml } from '../lib/mail-layout.ts';
import { DEV_GENDERS, type DevSignInErrors, type DevSignInValues } from './dev-sign-in-form.ts';

const GENDER_LABELS: Record<(typeof DEV_GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  none: 'Not shared',
};

// Inline styles only: the app's Content-Security-Policy runs no inline script but allows styles.
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5}
  main{max-width:440px;margin:40px auto;padding:0 16px}
  .card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:24px}
  .badge{display:inline-block;background:#fff3bf;color:#5c3c00;border-radius:4px;padding:2px 8px;font-size:13px;font-weight:600}
  h1{font-size:22px;margin:12px 0 8px}
  p{margin:0 0 16px;color:#495057}
  label{display:block;font-weight:600;margin:14px 0 4px}
  input[type=email],input[type=text],input[type=date],select{width:100%;padding:8px 10px;border:1px solid #ced4da;border-radius:4px;font:inherit}
  .check{display:flex;gap:8px;align-items:center;font-weight:400;margin-top:16px}
  .hint{font-weight:400;color:#666d75}
  .error{color:#c92a2a;font-size:14px;margin:4px 0 0}
  .actions{display:flex;gap:12px;margin-top:24px}
  button{flex:1;padding:10px;border-radius:4px;font:inherit;font-weight:600;cursor:pointer;border:1px solid #0b7285}
  .primary{background:#0b7285;color:#fff}
  .secondary{background:#fff;color:#0b7285}
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>`;
}

const errorLine = (message: string | undefined, id: string) =>
  message ? `<p class="error" id="${id}">${escapeHtml(message)}</p>` : '';

const input = (
  name: keyof DevSignInValues,
  label: string,
  type: string,
  value: string,
  options: { error?: string; hint?: string; required?: boolean } = {},
) => `<label for="${name}">${escapeHtml(label)}${
  options.hint ? ` <span class="hint">${escapeHtml(options.hint)}</span>` : ''
}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${
  options.required ? ' required' : ''
}${options.error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${errorLine(options.error, `${name}-error`)}`;

/**
 * The development provider's sign-in page: a plain form (no script) that makes up the person the
 * provider vouches for. Sign in posts to `loginPath`, Cancel to `cancelPath` (Sign in comes
 * first: the Enter key submits with the first button).
 */
export function devSignInPage(page: {
  providerLabel: string;
  loginPath: string;
  cancelPath: string;
  values: DevSignInValues;
  errors?: DevSignInErrors;
}): string {
  const { values, errors = {} } = page;
  const genders = DEV_GENDERS.map(
    (gender) =>
      `<option value="${gender}"${values.gender === gender ? ' selected' : ''}>${GENDER_LABELS[gender]}</option>`,
  ).join('');
  return layout(
    `Development sign-in: ${page.providerLabel}`,
    `<span class="badge">Development sign-in</span>
<h1>Sign in to ${escapeHtml(page.providerLabel)}</h1>
<p>This page stands in for a real provider on this development server. No real identity is
checked: the person you describe here is who you sign in as, and the same email is always the
same identity.</p>
<form method="post" action="${escapeHtml(page.loginPath)}">
${input('email', 'Email', 'email', values.email, { error: errors.email, required: true })}
${input('given_name', 'First name', 'text', values.given_name)}
${input('family_name', 'Last name', 'text', values.family_name)}
<label for="gender">Gender</label>
<select id="gender" name="gender">${genders}</select>
${errorLine(errors.gender, 'gender-error')}
${input('birthdate', 'Date of birth', 'date', values.birthdate, {
  error: errors.birthdate,
  hint: '(optional)',
})}
<label class="check"><input type="checkbox" name="email_verified" value="yes"${
      values.email_verified ? ' checked' : ''
    }> The provider has verified this email</label>
<div class="actions">
<button type="submit" class="primary">Sign in</button>
<button type="submit" class="secondary" formaction="${escapeHtml(page.cancelPath)}" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** A page that only explains (an expired sign-in, a refused request), in the sign-in page's look. */
export function devMessagePage(title: string, message: string): string {
  return layout(
    title,
    `<span class="badge">Development sign-in</span>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>`,
  );
}
