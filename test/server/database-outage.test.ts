/**
 * The database lost and back (issue 16): a shop process on a PostgreSQL server of the test's own,
 * with requests going on, while that server is stopped and started again. While it is gone the
 * requests that need it answer 503 (never 500) and /healthz says so; the process, its order queues
 * included, lives on; when the server is back the same process answers 200 again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from './private-postgres.ts';
import { waitFor } from './production-helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const METRICS_TOKEN = 'outage-test';

/** Requests that read the database, and the health check. */
const PATHS = ['/m/api/products', '/m/api/webshop/cart', '/healthz'] as const;

interface Answer {
  /** When it was asked: the server's stop and start take a moment, with requests in flight. */
  phase: 'up' | 'stopping' | 'down' | 'starting' | 'back';
  path: string;
  /** The status, or -1 when the process did not answer at all. */
  status: number;
  code?: string;
}

const unavailable = privatePostgresUnavailable();

describe.skipIf(unavailable !== null)(
  `the database stopped and started while requests run${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let server: PrivatePostgres;
    let shop: ChildProcess;
    let base: string;
    let output = '';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'print-shop-outage-'));

    beforeAll(async () => {
      server = await startPrivatePostgres();
      const seeded = await openDatabase({ kind: 'postgres', url: server.url }, { seed: true });
      await seeded.close();
      shop = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'test/server/production-child.ts')],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: server.url, DATA_DIR: dataDir, METRICS_TOKEN, LISTEN: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      shop.stdout!.on('data', (d) => {
        output += d;
      });
      shop.stderr!.on('data', (d) => {
        output += d;
      });
      base = await waitFor('the shop to listen', async () => /listening (\S+)/.exec(output)?.[1], 60_000);
    });

    afterAll(async () => {
      if (shop && shop.exitCode === null) {
        const exited = new Promise((resolve) => shop.once('exit', resolve));
        shop.kill('SIGKILL');
        await exited;
      }
      await server?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 while it is gone, never 500, and 200 again when it is back, without a restart', async () => {
      // A shopper with a cart (a session in the database): a rebate code kept on the cart makes them.
      const first = await fetch(`${base}/m/api/checkout/rebate-codes/use-rebate-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'SUMMER10' }),
      });
      expect(first.status).toBe(200);
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;

      const answers: Answer[] = [];
      let phase: Answer['phase'] = 'up';
      let going = true;
      const ask = async (p: string): Promise<Answer> => {
        const asked = phase;
        // An answer that crossed a change of phase (asked while up, answered once the server was
        // stopping) belongs to the later phase: on a busy machine a request can take that long.
        const answeredIn = () => (asked === phase ? asked : phase);
        try {
          const res = await fetch(`${base}${p}`, { headers: { cookie } });
          const body = (await res.json().catch(() => ({}))) as { code?: string };
          return { phase: answeredIn(), path: p, status: res.status, code: body.code };
        } catch {
          return { phase: answeredIn(), path: p, status: -1 };
        }
      };
      const load = (async () => {
        while (going) {
          answers.push(...(await Promise.all(PATHS.map(ask))));
          await sleep(50);
        }
      })();

      await sleep(1000);
      phase = 'stopping';
      await server.stop();
      phase = 'down';
      // Long enough for the order queues to poll (every 0.5 s) and supervise (every 1 s) in vain.
      await sleep(4000);
      const down = await Promise.all(PATHS.map(ask));
      phase = 'starting';
      await server.start();
      phase = 'back';
      await waitFor(
        'every request to work again',
        async () => (await Promise.all(PATHS.map(ask))).every((a) => a.status === 200),
        30_000,
      );
      await sleep(500);
      going = false;
      await load;

      const statuses = (which: Answer['phase']) =>
        new Set(answers.filter((a) => a.phase === which).map((a) => a.status));
      expect([...statuses('up')]).toEqual([200]);
      // Never a 500, never a dropped connection: at worst a 503 in any phase.
      expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      expect(down.map((a) => [a.path, a.status])).toEqual(PATHS.map((p) => [p, 503]));
      expect(down.filter((a) => a.path !== '/healthz').map((a) => a.code)).toEqual([
        'database_unavailable',
        'database_unavailable',
      ]);
      expect(answers.filter((a) => a.phase === 'back').at(-1)?.status).toBe(200);
      expect(shop.exitCode).toBeNull();

      // The same session's cart answers again: the pool reconnected.
      expect((await fetch(`${base}/m/api/webshop/cart`, { headers: { cookie } })).status).toBe(200);
      // The order queues saw the outage, logged it and carry on: their depth can be read again.
      expect(output).toContain('Job queue error');
      const metrics = await waitFor(
        'the queue depth after the outage',
        async () => {
          const res = await fetch(`${base}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          const text = await res.text();
          return text.includes('shop_job_queue_jobs{queue="order-production",state="queued"}') && text;
        },
        15_000,
      );
      expect(metrics).toContain('shop_job_queue_jobs{queue="order-email",state="active"} 0');
      expect(shop.exitCode).toBeNull();
    }, 90_000);
  },
);
