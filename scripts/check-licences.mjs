// The licence check of `npm test`. Fails, naming each offender, when a runtime dependency of any
// workspace (what `npm ci --omit=dev` installs: the API's and the web app's, which is bundled and
// sent to browsers) is under a licence outside ALLOWED_LICENCES (licences.mjs), unknown or
// custom; when a workspace does not declare Apache-2.0; or when THIRD-PARTY-NOTICES.txt does not
// list exactly the runtime dependencies. Reads only the repository: package-lock.json,
// node_modules and the workspaces' package.json files (decision record 0033).
import fs from 'node:fs';
import path from 'node:path';
import {
  ALLOWED_LICENCES,
  OWN_LICENCE,
  installedRuntimePackages,
  noticesDrift,
  noticesFile,
  noticesIndex,
  offenderLines,
  ownPackagesWithoutOurLicence,
  repoRoot,
  scanDisallowed,
} from './licences.mjs';

const failures = [];
const report = (heading, lines, advice) => {
  if (lines.length > 0) failures.push([heading, ...lines.map((line) => `  ${line}`), advice]);
};

const { packages, missing } = installedRuntimePackages();
report('In package-lock.json but not installed, so not checked:', missing, 'Run `npm ci`.');
report(
  `Workspaces that do not declare "license": "${OWN_LICENCE}":`,
  ownPackagesWithoutOurLicence().map(({ file, licence }) => `${file}: ${licence ?? 'none'}`),
  `Set "license": "${OWN_LICENCE}" in each.`,
);
report(
  `Runtime dependencies whose licence is not one of ${ALLOWED_LICENCES.join(', ')}:`,
  offenderLines(
    packages.map(({ id }) => id),
    await scanDisallowed(),
  ),
  [
    'Replace the dependency. Only if its licence is compatible with shipping under Apache-2.0,',
    'add the licence to ALLOWED_LICENCES (scripts/licences.mjs) with a decision record; a package',
    'whose licence file is clear but whose package.json is not goes into',
    "scripts/licence-clarifications.json with that file's SHA-256.",
  ].join('\n'),
);

const notices = path.relative(repoRoot, noticesFile);
const listed = fs.existsSync(noticesFile) ? noticesIndex(fs.readFileSync(noticesFile, 'utf8')) : [];
const drift = noticesDrift(
  packages.filter(({ platformSpecific }) => !platformSpecific).map(({ id }) => id),
  listed,
);
report(
  `${notices} does not list exactly the runtime dependencies:`,
  [
    ...drift.unlisted.map((id) => `${id}: not listed`),
    ...drift.stale.map((id) => `${id}: listed, no longer a runtime dependency`),
  ],
  `Run \`npm run notices\` and commit ${notices}.`,
);

if (failures.length > 0) {
  for (const lines of failures) console.error(`${lines.join('\n')}\n`);
  process.exit(1);
}
console.log(
  `${packages.length} runtime dependencies, all under ${ALLOWED_LICENCES.join(', ')}; ` +
    `${notices} lists them.`,
);
