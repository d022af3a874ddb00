/**
 * A fake Vipps API for tests (issue 29): being written. Until then it starts a server that answers
 * 501 to everything and gives the shop no VIPPS_* environment, so the shop runs without Vipps.
 */
import { createServer } from 'node:http';

export interface FakeVipps {
  /** The fake's own address (its API and its hosted page). */
  url: string;
  /** What the shop needs to use it (VIPPS_*); empty while the fake is not written. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeVipps(_options: { webhookUrl: string }): Promise<FakeVipps> {
  const server = createServer((_request, response) => {
    response.writeHead(501).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    env: {},
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
