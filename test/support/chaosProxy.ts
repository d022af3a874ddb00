/**
 * A TCP proxy that stands between the shop and PostgreSQL and misbehaves on request (issue 28's chaos
 * test): it can reset every open connection (a TCP RST, as a failing network or a killed load
 * balancer does), stall them (bytes stop flowing both ways, the sockets stay open), and refuse new
 * connections (reset at once). Used by test/server/database-chaos.test.ts and by hand.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type ChaosMode = 'pass' | 'stall' | 'refuse';

export interface ChaosProxy {
  /** The port on 127.0.0.1 to connect to instead of the target's. */
  port: number;
  /** Resets every connection open now (both sides), as a network failure does. */
  resetAll(): number;
  /** pass: bytes flow; stall: held (sockets open, nothing forwarded); refuse: new and open connections reset. */
  setMode(mode: ChaosMode): void;
  /** How many connections are open. */
  open(): number;
  close(): Promise<void>;
}

export async function startChaosProxy(target: { host: string; port: number }): Promise<ChaosProxy> {
  let mode: ChaosMode = 'pass';
  const pairs = new Set<{ client: Socket; upstream: Socket; held: Buffer[][] }>();

  const reset = (socket: Socket) => {
    // resetAndDestroy sends an RST rather than a FIN: the peer sees ECONNRESET.
    if (!socket.destroyed) socket.resetAndDestroy();
  };

  const server: Server = createServer((client) => {
    if (mode === 'refuse') {
      reset(client);
      return;
    }
    const upstream = new (client.constructor as typeof Socket)();
    const pair = { client, upstream, held: [[], []] as Buffer[][] };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      reset(client);
      reset(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    const forward = (from: Socket, to: Socket, heldIndex: number) =>
      from.on('data', (chunk: Buffer) => {
        if (mode === 'stall') pair.held[heldIndex]!.push(chunk);
        else to.write(chunk);
      });
    forward(client, upstream, 0);
    forward(upstream, client, 1);
    upstream.connect(target.port, target.host);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const proxy: ChaosProxy = {
    port,
    resetAll() {
      const n = pairs.size;
      for (const { client, upstream } of [...pairs]) {
        reset(client);
        reset(upstream);
      }
      pairs.clear();
      return n;
    },
    setMode(next) {
      const was = mode;
      mode = next;
      if (next === 'refuse') proxy.resetAll();
      if (was === 'stall' && next === 'pass') {
        // What was held flows on, in order: a stall is a delay, not a loss.
        for (const pair of pairs) {
          for (const chunk of pair.held[0]!.splice(0)) pair.upstream.write(chunk);
          for (const chunk of pair.held[1]!.splice(0)) pair.client.write(chunk);
        }
      }
    },
    open: () => pairs.size,
    close() {
      proxy.resetAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
