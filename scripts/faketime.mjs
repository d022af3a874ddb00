// The server suite runs a second time with the clock five years ahead (issue 16: no time bombs), under
// Debian's faketime (libfaketime, preloaded into Node and every process it starts). Installs it when
// this machine can (root with apt-get), or says how.
import { execSync, spawnSync } from 'node:child_process';

/** How far ahead the faked clock runs: libfaketime's relative offset, in its own units (y = 365 days). */
export const FAKETIME_OFFSET = '+5y';

/**
 * The environment for a faked clock: the wall clock (Date, file stamps Node reads, PGlite's now())
 * moves ahead; the monotonic clock is left alone, since Node's timers and libuv's thread pool wait on
 * it and hang or fire at once when it jumps.
 */
export const FAKETIME_ENV = { FAKETIME_DONT_FAKE_MONOTONIC: '1' };

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** The faketime command, installed if it can be; throws with how to install it when it cannot. */
export function ensureFaketime() {
  if (has('faketime')) return 'faketime';
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log("Installing Debian's faketime for the server suite under a clock five years ahead…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime', {
      stdio: 'inherit',
    });
    return 'faketime';
  }
  throw new Error(
    'The server suite also runs with the clock five years ahead, under faketime (libfaketime). ' +
      "Install it as root: `apt-get update && apt-get install -y faketime` (or your system's " +
      'libfaketime package), then run `npm test` again.',
  );
}
