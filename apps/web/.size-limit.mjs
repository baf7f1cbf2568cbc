// The web app's JavaScript budgets, measured by size-limit (gzip) on a build: `npm run build`
// prints them, `npm test` fails when one is exceeded. The files come from Vite's build manifest,
// so the check follows the chunks as they are split, whatever their hashed names.
import fs from 'node:fs';
import path from 'node:path';

// The build to check: apps/web/dist, or the one WEB_DIST_DIR names (npm test builds elsewhere).
const distDir = path.resolve(import.meta.dirname, process.env.WEB_DIST_DIR ?? 'dist');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  throw new Error(`No build manifest at ${manifestFile}: build the web app first (vite build).`);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The manifest keys of the pages an org admin and a member open first, and of the charts. */
const ORG_DASHBOARD_PAGE = 'src/features/dashboard/components/org-dashboard-page.tsx';
const USER_DASHBOARD_PAGE = 'src/features/my-dashboard/components/my-dashboard-page.tsx';
const ECHARTS = 'src/components/echart.tsx';

function chunkOf(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest ${manifestFile}`);
  return chunk;
}

/**
 * A chunk's file and those of the chunks it imports statically, all the way down: what the
 * browser fetches before the chunk runs. Dynamic imports (ECharts, the top bar's menus, dialogs)
 * come later and are left out.
 */
function withStaticImports(key, files = new Set()) {
  const chunk = chunkOf(key);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, files);
  return files;
}

const inBuild = (files) => [...files].map((file) => path.join(distDir, file));

// The entry (index.html's script, with the shared frame) and the /org page's own chunk.
const beforeOrgDashboard = new Set([
  ...withStaticImports('index.html'),
  ...withStaticImports(ORG_DASHBOARD_PAGE),
]);

// The same for a member's own dashboard (/user); its chart and method dialog load later.
const beforeUserDashboard = new Set([
  ...withStaticImports('index.html'),
  ...withStaticImports(USER_DASHBOARD_PAGE),
]);

export default [
  {
    name: 'JavaScript before the org dashboard renders (/org, first load)',
    path: inBuild(beforeOrgDashboard),
    gzip: true,
    limit: '170 KiB',
  },
  {
    name: 'JavaScript before the member dashboard renders (/user, first load)',
    path: inBuild(beforeUserDashboard),
    gzip: true,
    limit: '170 KiB',
  },
  {
    name: 'ECharts (fetched by the dashboard chart after the first render)',
    path: inBuild([chunkOf(ECHARTS).file]),
    gzip: true,
    limit: '161 KiB',
  },
];
