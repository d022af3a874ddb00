/**
 * A PostgreSQL server of the test's own (issue 16's outage test), so stopping it never stops the
 * server other tests share on :5432: a fresh cluster in a temporary folder, owned by the `postgres`
 * user, listening on 127.0.0.1 at a free port and on a socket in its folder. Needs root (to act as
 * `postgres`) and the server's binaries under /usr/lib/postgresql/<version>/bin.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed version's bin folder with initdb and pg_ctl, or null. */
function binDir(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why a private server cannot be started here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root, so cannot run a PostgreSQL server as `postgres`';
  if (!binDir()) return `no PostgreSQL server binaries (initdb, pg_ctl) under ${POSTGRES_ROOT}/<version>/bin`;
  if (!postgresUser()) return 'no `postgres` user to run the server as';
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  start(): Promise<void>;
  /** A fast shutdown: sessions are ended, as in a restart or a failover. */
  stop(): Promise<void>;
  /** Stops the server (if running) and removes its folder. */
  destroy(): Promise<void>;
}

/** Makes a fresh cluster and starts it. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()!;
  const user = postgresUser()!;
  const dir = mkdtempSync(path.join(tmpdir(), 'print-shop-pg-'));
  chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (tool: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir });
  await asPostgres('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres('pg_ctl', [
        '-D',
        data,
        '-o',
        serverOptions,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        'start',
      ]);
      running = true;
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running)
        await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
