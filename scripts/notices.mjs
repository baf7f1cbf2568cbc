// `npm run notices`: writes THIRD-PARTY-NOTICES.txt, the licences and NOTICE files of every runtime
// dependency of every workspace (licences.mjs says which those are). `npm test` fails when the
// file's index no longer matches the runtime dependencies.
import fs from 'node:fs';
import path from 'node:path';
import {
  installedRuntimePackages,
  noticeEntry,
  noticesFile,
  noticesText,
  repoRoot,
  scanInstalled,
} from './licences.mjs';

const { packages, missing } = installedRuntimePackages();
if (missing.length > 0) {
  throw new Error(`Not installed (run npm ci): ${missing.join(', ')}`);
}
const scanned = await scanInstalled();
const readFile = (file) => fs.readFileSync(file, 'utf8');
const entries = packages
  .filter(({ platformSpecific }) => !platformSpecific)
  .map(({ id }) => {
    if (!scanned[id]) throw new Error(`license-checker did not find ${id} under node_modules`);
    return noticeEntry(id, scanned[id], readFile);
  });
fs.writeFileSync(noticesFile, noticesText(entries));
console.log(`${path.relative(repoRoot, noticesFile)}: ${entries.length} packages`);
