// Finds Debian's Chromium for the e2e suite, installs it when this machine can (root with apt-get),
// or says exactly how. Playwright's own browser download is never used.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);

export function findChromium({ install = true } = {}) {
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (install && isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's package (apt-get install chromium)…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    "The e2e suite needs Chromium. Install Debian's package as root: `apt-get update && apt-get install -y chromium`, " +
      'or set CHROMIUM_PATH to a Chromium binary. (Do not run `playwright install`.)',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium());
