import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  noticeEntry,
  noticesDrift,
  noticesIndex,
  noticesText,
  offenderLines,
  runtimeEntries,
  scanDisallowed,
} from './licences.mjs';

const MIT_TEXT = 'MIT License\n\nCopyright (c) 2020 Someone\n\nPermission is hereby granted...';

// A project of its own whose node_modules holds one package per licence declaration.
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'resonant-licences-'));
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

function installFixture(packages) {
  const dependencies = Object.fromEntries(Object.keys(packages).map((name) => [name, '1.0.0']));
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'fixture', version: '1.0.0', dependencies }),
  );
  for (const [name, { license, licenseFile }] of Object.entries(packages)) {
    const dir = path.join(project, 'node_modules', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name, version: '1.0.0', license }),
    );
    if (licenseFile) fs.writeFileSync(path.join(dir, 'LICENSE'), licenseFile);
  }
}

describe('the allow-list of runtime licences', () => {
  it('passes allowed licences and expressions, and fails everything else', async () => {
    installFixture({
      'plain-mit': { license: 'MIT' },
      'either-mit-or-cc0': { license: '(MIT OR CC0-1.0)' },
      'either-apache-or-gpl': { license: 'Apache-2.0 OR GPL-2.0-only' },
      'both-mit-and-gpl': { license: '(MIT AND GPL-3.0-only)' },
      'gpl-later': { license: 'GPL-3.0-or-later' },
      agpl: { license: 'AGPL-3.0-only' },
      lgpl: { license: 'LGPL-2.1-only' },
      sspl: { license: 'SSPL-1.0' },
      mpl: { license: 'MPL-2.0' },
      unlicensed: { license: 'UNLICENSED' },
      custom: { license: 'SEE LICENSE IN LICENSE', licenseFile: 'All rights reserved.' },
      'guessed-from-file': { licenseFile: MIT_TEXT },
    });

    const disallowed = await scanDisallowed(project);
    const ids = (names) => names.map((name) => `${name}@1.0.0`);

    expect(Object.keys(disallowed).sort()).toEqual(
      ids([
        'agpl',
        'both-mit-and-gpl',
        'custom',
        'fixture',
        'gpl-later',
        'guessed-from-file',
        'lgpl',
        'mpl',
        'sspl',
        'unlicensed',
      ]),
    );
  });
});

describe('the runtime entries of the lockfile', () => {
  it('keeps what production installs and marks optional and platform builds', () => {
    const lockfile = {
      packages: {
        '': { name: 'resonant' },
        'apps/api': { name: '@resonant/api' },
        'node_modules/@resonant/api': { resolved: 'apps/api', link: true },
        'node_modules/fastify': { version: '5.0.0' },
        'node_modules/vitest': { version: '4.0.0', dev: true },
        'node_modules/@types/node': { version: '20.0.0', devOptional: true },
        'node_modules/@esbuild/linux-x64': { version: '0.28.2', optional: true, os: ['linux'] },
        'node_modules/echarts/node_modules/tslib': { version: '2.3.0' },
      },
    };

    expect(runtimeEntries(lockfile)).toEqual([
      { location: 'node_modules/fastify', optional: false, platformSpecific: false },
      { location: 'node_modules/@types/node', optional: true, platformSpecific: false },
      { location: 'node_modules/@esbuild/linux-x64', optional: true, platformSpecific: true },
      {
        location: 'node_modules/echarts/node_modules/tslib',
        optional: false,
        platformSpecific: false,
      },
    ]);
  });
});

describe('the offenders', () => {
  it('names only runtime packages, with their licence and path', () => {
    const disallowed = {
      'gpl-thing@1.0.0': { licenses: 'GPL-3.0', path: path.resolve('node_modules/gpl-thing') },
      'dev-only@2.0.0': { licenses: 'AGPL-3.0' },
      'two@1.0.0': { licenses: ['UNKNOWN', 'Custom: x'] },
    };

    expect(offenderLines(['two@1.0.0', 'gpl-thing@1.0.0', 'fine@1.0.0'], disallowed)).toEqual([
      expect.stringMatching(/^gpl-thing@1\.0\.0: GPL-3\.0 \(.*node_modules\/gpl-thing\)$/),
      'two@1.0.0: UNKNOWN, Custom: x (path unknown)',
    ]);
  });
});

describe('the notices file', () => {
  const files = {
    '/m/a/LICENSE': `\r\n${MIT_TEXT}\r\n\r\n`,
    '/m/b/LICENSE.md': MIT_TEXT,
    '/m/c/LICENSE': '   Apache License\n   Version 2.0',
    '/m/c/NOTICE': 'Copyright The C Authors\n',
  };
  const readFile = (file) => files[file];
  const entries = [
    noticeEntry(
      'c@3.0.0',
      { licenses: 'Apache-2.0', licenseFile: '/m/c/LICENSE', noticeFile: '/m/c/NOTICE' },
      readFile,
    ),
    noticeEntry('b@2.0.0', { licenses: 'MIT', licenseFile: '/m/b/LICENSE.md' }, readFile),
    noticeEntry('a@1.0.0', { licenses: 'MIT', licenseFile: '/m/a/LICENSE' }, readFile),
    noticeEntry('d@4.0.0', { licenses: 'MIT', licenseFile: '/m/d/README.md' }, readFile),
  ];

  it('keeps a licence text whole, with Unix line ends, and never a README for one', () => {
    expect(entries[2]).toEqual({ id: 'a@1.0.0', licence: 'MIT', text: MIT_TEXT, notice: '' });
    expect(entries[0].text).toBe('   Apache License\n   Version 2.0');
    expect(entries[0].notice).toBe('Copyright The C Authors');
    expect(entries[3].text).toBe(
      'The package has no licence file; its package.json declares: MIT.',
    );
  });

  it('lists every package in its index and each text once', () => {
    const text = noticesText(entries);

    expect(noticesIndex(text)).toEqual(['a@1.0.0', 'b@2.0.0', 'c@3.0.0', 'd@4.0.0']);
    expect(text.split(MIT_TEXT)).toHaveLength(2);
    expect(text).toContain(`a@1.0.0\nb@2.0.0\nLicense: MIT\n\n${MIT_TEXT}`);
    expect(text).toContain('NOTICE:\n\nCopyright The C Authors');
  });

  it('tells which packages are missing from it and which it lists for nothing', () => {
    expect(noticesDrift(['a@1.0.0', 'b@2.0.0'], ['b@2.0.0', 'old@0.1.0'])).toEqual({
      unlisted: ['a@1.0.0'],
      stale: ['old@0.1.0'],
    });
  });
});
