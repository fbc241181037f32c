// The registry reachable here lacks some platform builds of @napi-rs/canvas (an optional dependency of
// pdfjs-dist), so `npm install` leaves their entries out of package-lock.json and `npm ci` then refuses the
// lockfile. This adds the entries npm would have written (os/cpu-guarded optional packages, skipped on
// other platforms). Run after regenerating the lockfile: node scripts/lock-complete.mjs package-lock.json
import fs from 'node:fs';
const f = process.argv[2];
const lock = JSON.parse(fs.readFileSync(f, 'utf8'));
const meta = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-riscv64-gnu': { os: ['linux'], cpu: ['riscv64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
const base = lock.packages['node_modules/@napi-rs/canvas'];
let added = 0;
for (const [p, m] of Object.entries(meta)) {
  const key = `node_modules/@napi-rs/canvas-${p}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: base.version,
    dev: true,
    license: 'MIT',
    optional: true,
    ...m,
    engines: { node: '>= 10' },
  };
  added++;
}
const sorted = {};
for (const k of Object.keys(lock.packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
  sorted[k] = lock.packages[k];
lock.packages = sorted;
fs.writeFileSync(f, `${JSON.stringify(lock, null, 2)}\n`);
console.log('added', added);
