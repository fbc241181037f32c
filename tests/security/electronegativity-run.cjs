// Runs @doyensec/electronegativity on one folder of the repo and prints its findings as JSON, then
// exits (its translation download and release check would otherwise retry in the background; both
// need the network and are turned off or cut short here). Its TypeScript parser (typescript-estree)
// needs the TypeScript 4 that electronegativity bundles, not the repo's TypeScript 7: requests for
// 'typescript' from typescript-estree are pointed at that copy.
// Usage: node tests/security/electronegativity-run.cjs <folder relative to the repo>
const Module = require('node:module');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const pkgDir = path.join(root, 'node_modules', '@doyensec', 'electronegativity');
const bundledTs = require.resolve('typescript', { paths: [pkgDir] });
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'typescript' && parent && /[\\/]@typescript-eslint[\\/]/.test(parent.filename)) return bundledTs;
  return resolve.call(this, request, parent, ...rest);
};

const electron = require(path.join(root, 'package.json')).devDependencies?.electron ?? '45.0.0';
const runner = require(path.join(pkgDir, 'dist', 'runner.js'));
const run = typeof runner === 'function' ? runner : runner.default;
run({
  input: path.join(root, process.argv[2] ?? 'electron'),
  isRelative: true,
  electronVersionOverride: electron.replace(/^[^\d]*/, ''),
  // Needs Electron's release list from the network; packaging pins the version instead.
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
}).then(
  (r) => {
    const issues = r.issues.map((i) => ({
      id: i.id,
      file: i.file,
      line: i.location?.line ?? 0,
      severity: i.severity?.name ?? String(i.severity),
      description: i.description,
    }));
    process.stdout.write(`${JSON.stringify(issues)}\n`, () => process.exit(0));
  },
  (e) => {
    process.stderr.write(`electronegativity failed: ${e?.stack ? e.stack : e}\n`, () => process.exit(2));
  },
);
