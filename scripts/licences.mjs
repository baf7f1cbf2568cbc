// The runtime dependencies of every workspace and their licences, shared by the licence check of
// `npm test` (check-licences.mjs) and the third-party notices (notices.mjs). npm's lockfile says
// which packages are runtime ones; license-checker-rseidelsohn reads and matches their licences
// (decision record 0033).
import fs from 'node:fs';
import path from 'node:path';
import { init } from 'license-checker-rseidelsohn';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const noticesFile = path.join(repoRoot, 'THIRD-PARTY-NOTICES.txt');

/** The licence of Resonant: every workspace's package.json must declare it. */
export const OWN_LICENCE = 'Apache-2.0';

/**
 * The licences a runtime dependency may carry (SPDX ids), all compatible with shipping under
 * Apache-2.0; only those the dependencies need. An SPDX expression passes when it can be satisfied
 * by these alone ("(MIT OR CC0-1.0)" does, "(MIT AND GPL-3.0)" does not); a missing, guessed or
 * custom licence never passes.
 */
export const ALLOWED_LICENCES = [
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'ISC',
  'MIT',
  'MIT-0',
];

// Packages whose licence is clear from their licence file but not from their package.json, pinned
// to that file's SHA-256 so that a new text must be read again.
const clarificationsFile = path.join(import.meta.dirname, 'licence-clarifications.json');

const NODE_MODULES = 'node_modules/';

const licenceName = (licenses) => [licenses ?? 'UNKNOWN'].flat().join(', ');

/**
 * The runtime entries of an npm lockfile (v2 or v3): every installed package npm does not mark
 * `dev` (reachable only through devDependencies), which is what `npm ci --omit=dev` installs for
 * the workspaces. Workspace links are ours, not dependencies. `platformSpecific` marks a build for
 * one os or cpu (esbuild's, argon2's): it is installed only there.
 */
export function runtimeEntries(lockfile) {
  return Object.entries(lockfile.packages)
    .filter(([location, entry]) => location.includes(NODE_MODULES) && !entry.dev && !entry.link)
    .map(([location, entry]) => ({
      location,
      optional: Boolean(entry.optional || entry.devOptional),
      platformSpecific: Boolean(entry.os || entry.cpu),
    }));
}

/** `name@version` of the package installed at a lockfile location, or null when there is none. */
function installedId(location) {
  const manifest = path.join(repoRoot, location, 'package.json');
  if (!fs.existsSync(manifest)) return null;
  const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return `${name}@${version}`;
}

/**
 * The installed runtime packages, by `name@version` as installed (not as the lockfile wishes),
 * and the runtime entries that should be installed and are not (an optional one for another
 * platform is not missing).
 */
export function installedRuntimePackages() {
  const lockfile = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  const packages = new Map();
  const missing = [];
  for (const entry of runtimeEntries(lockfile)) {
    const id = installedId(entry.location);
    if (id === null) {
      if (!entry.optional) missing.push(entry.location);
      continue;
    }
    const known = packages.get(id);
    packages.set(id, {
      id,
      platformSpecific: entry.platformSpecific && (known?.platformSpecific ?? true),
    });
  }
  return { packages: [...packages.values()], missing };
}

/** The package.json files of the root and the workspaces that do not declare our licence. */
export function ownPackagesWithoutOurLicence() {
  const read = (file) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8'));
  return ['package.json', ...read('package.json').workspaces.map((dir) => `${dir}/package.json`)]
    .map((file) => ({ file, licence: read(file).license }))
    .filter(({ licence }) => licence !== OWN_LICENCE);
}

/**
 * Runs license-checker-rseidelsohn over everything installed under `start`'s node_modules (it does
 * not know which packages a workspace needs at run time; the lockfile does). Guessed licences
 * count as unknown.
 */
export function scanInstalled(options, start = repoRoot) {
  return new Promise((resolve, reject) => {
    init({ start, unknown: true, clarificationsFile, ...options }, (error, found) =>
      error ? reject(error) : resolve(found),
    );
  });
}

/** The installed packages whose licence is not an allowed one, as license-checker reports them. */
export function scanDisallowed(start = repoRoot) {
  return scanInstalled({ excludeLicenses: ALLOWED_LICENCES.join(',') }, start);
}

/** One line per runtime package whose licence is not allowed: `name@version: licence (path)`. */
export function offenderLines(runtimeIds, disallowed) {
  return runtimeIds
    .filter((id) => disallowed[id])
    .sort()
    .map((id) => {
      const { licenses, path: where } = disallowed[id];
      return `${id}: ${licenceName(licenses)} (${where ? path.relative(repoRoot, where) : 'path unknown'})`;
    });
}

const RULE = '='.repeat(80);
const INDEX_HEADING = 'Packages:';

/**
 * What the notices say of one scanned package: its licence, the text of its licence file (never a
 * README, which license-checker falls back to) and of its NOTICE file, with Unix line ends. The
 * files are read whole: license-checker's own licenseText is trimmed of the indentation the
 * Apache-2.0 text starts with.
 */
export function noticeEntry(id, scanned, readFile) {
  const unix = (text) => {
    // Trimmed of blank lines only: the Apache-2.0 text starts with an indented line.
    const lines = text.replaceAll('\r\n', '\n').trimEnd().split('\n');
    while (lines.length > 0 && lines[0].trim() === '') lines.shift();
    return lines.join('\n');
  };
  const licence = licenceName(scanned.licenses);
  const hasLicenceFile =
    scanned.licenseFile && !path.basename(scanned.licenseFile).toUpperCase().startsWith('README');
  return {
    id,
    licence,
    text: hasLicenceFile
      ? unix(readFile(scanned.licenseFile))
      : `The package has no licence file; its package.json declares: ${licence}.`,
    notice: scanned.noticeFile ? unix(readFile(scanned.noticeFile)) : '',
  };
}

/**
 * The notices file: an index of every package, then each licence text once with the packages
 * that carry it (most share the same MIT or ISC text), then their NOTICE files.
 */
export function noticesText(entries) {
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : 1));
  const groups = new Map();
  for (const entry of sorted) {
    const key = `${entry.licence}\n${entry.text}\n${entry.notice}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const header = [
    'THIRD-PARTY NOTICES',
    '',
    'Resonant is licensed under the Apache License, Version 2.0 (see LICENSE). It runs with the',
    'open-source packages below: the dependencies of the API server and those bundled into the web',
    'app. Their licences and notices follow. A build of a package for one platform (such as',
    '@esbuild/linux-x64) is covered by the package it is built from.',
    '',
    'Generated by `npm run notices` from package-lock.json and node_modules; do not edit by hand.',
    '',
    INDEX_HEADING,
    ...sorted.map(({ id, licence }) => `  ${id} (${licence})`),
  ];
  const sections = [...groups.values()].map((group) => {
    const { licence, text, notice } = group[0];
    const lines = [...group.map(({ id }) => id), `License: ${licence}`, '', text];
    return notice ? [...lines, '', 'NOTICE:', '', notice] : lines;
  });
  return [header, ...sections].map((lines) => lines.join('\n')).join(`\n\n${RULE}\n\n`) + '\n';
}

/** The `name@version` of every package in the index of a notices file. */
export function noticesIndex(text) {
  const lines = text.split('\n');
  const start = lines.indexOf(INDEX_HEADING) + 1;
  if (start === 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start, end === -1 ? undefined : end).map((line) => line.trim().split(' ')[0]);
}

/** How a notices file's index differs from the packages it should list. */
export function noticesDrift(expectedIds, listedIds) {
  const [expected, listed] = [new Set(expectedIds), new Set(listedIds)];
  return {
    unlisted: [...expected].filter((id) => !listed.has(id)).sort(),
    stale: [...listed].filter((id) => !expected.has(id)).sort(),
  };
}
