import { describe, expect, it, vi } from 'vitest';
import {
  createUploadQueue,
  queueProgress,
  UPLOAD_ATTEMPTS,
  UPLOAD_RETRY_DELAY_MS,
  type UploadStatus,
} from '../../../src/app/uploadQueue.ts';

describe('the editor upload queue (S1 §4, §8)', () => {
  it('uploads files one after another: 0 → 1 → 2, never two at once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: UploadStatus[][] = [];
    const queue = createUploadQueue<string, string>({
      upload: async (file, progress) => {
        inFlight++;
        most = Math.max(most, inFlight);
        progress(0.5);
        await Promise.resolve();
        inFlight--;
        return `uuid-${file}`;
      },
      sleep: async () => {},
    });
    queue.subscribe((s) => seen.push(s.items.map((i) => i.status)));
    const finished = vi.fn();
    queue.add(['a', 'b']);
    expect(queue.getState().items.map((i) => i.status)).toEqual([1, 0]);
    await queue.idle();
    expect(most).toBe(1);
    const state = queue.getState();
    expect(state.items.map((i) => [i.status, i.result])).toEqual([
      [2, 'uuid-a'],
      [2, 'uuid-b'],
    ]);
    expect(state.running).toBe(false);
    expect(state.failed).toBe(false);
    expect(seen).toContainEqual([2, 1]);
    expect(finished).not.toHaveBeenCalled();
  });

  it('tries a failing file 5 times 5 s apart, marks it -1 and reports the failure at the end', async () => {
    const sleeps: number[] = [];
    const retrying: boolean[] = [];
    let tries = 0;
    const onFinished = vi.fn();
    const queue = createUploadQueue<string, string>({
      upload: async (file) => {
        if (file === 'bad') {
          tries++;
          throw new Error('network');
        }
        return file;
      },
      sleep: async (ms) => {
        sleeps.push(ms);
        retrying.push(queue.getState().retrying);
      },
      onFinished,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    queue.add(['bad', 'good']);
    await queue.idle();
    warn.mockRestore();
    expect(tries).toBe(UPLOAD_ATTEMPTS);
    expect(sleeps).toEqual(Array(UPLOAD_ATTEMPTS - 1).fill(UPLOAD_RETRY_DELAY_MS));
    expect(retrying.every(Boolean)).toBe(true);
    const state = queue.getState();
    expect(state.items.map((i) => i.status)).toEqual([-1, 2]);
    expect(state.failed).toBe(true);
    expect(state.retrying).toBe(false);
    expect(onFinished).toHaveBeenCalledWith(['good'], 1);
    queue.acknowledge();
    expect(queue.getState().failed).toBe(false);
  });

  it('a file that succeeds on a later try is done, and the run ends without failure', async () => {
    let n = 0;
    const onFinished = vi.fn();
    const queue = createUploadQueue<string, number>({
      upload: async () => {
        n++;
        if (n < 3) throw new Error('flaky');
        return n;
      },
      sleep: async () => {},
      onFinished,
    });
    queue.add(['x']);
    await queue.idle();
    expect(queue.getState().items[0]).toMatchObject({ status: 2, attempt: 3, result: 3 });
    expect(queue.getState().failed).toBe(false);
    expect(onFinished).toHaveBeenCalledWith([3], 0);
  });

  it('files added while running join the run; a later run starts a fresh list', async () => {
    const onFinished = vi.fn();
    const queue = createUploadQueue<string, string>({ upload: async (f) => f, onFinished });
    queue.add(['a']);
    queue.add(['b']);
    await queue.idle();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished).toHaveBeenCalledWith(['a', 'b'], 0);
    queue.add(['c']);
    expect(queue.getState().items.map((i) => i.file)).toEqual(['c']);
    await queue.idle();
    expect(onFinished).toHaveBeenLastCalledWith(['c'], 0);
  });

  it('progress counts settled files plus the current one’s share', () => {
    const item = (status: UploadStatus, progress: number) => ({
      id: 1,
      file: '',
      status,
      attempt: 1,
      progress,
      result: null,
    });
    expect(
      queueProgress({
        items: [item(2, 1), item(1, 0.5), item(0, 0), item(-1, 0)],
        retrying: false,
        running: true,
        failed: false,
        offline: false,
      }),
    ).toEqual({ done: 2, total: 4, fraction: 2.5 / 4 });
  });

  it('offline: a file waits without spending tries, and a try cut by the network going is not counted', async () => {
    let online = true;
    let back: (() => void) | null = null;
    const whenOnline = () => new Promise<void>((resolve) => (back = resolve));
    const tries: string[] = [];
    let cut: ((error: Error) => void) | null = null;
    const queue = createUploadQueue<string, string>({
      upload: (file, _progress, signal) => {
        tries.push(file);
        if (file === 'a' && tries.length === 1) {
          // The network goes during the first try: the page interrupts it.
          return new Promise((_, reject) => {
            cut = reject;
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          });
        }
        return Promise.resolve(file);
      },
      isOnline: () => online,
      whenOnline,
      attempts: 2,
      sleep: async () => {},
    });
    queue.add(['a', 'b']);
    expect(cut).not.toBeNull();
    online = false;
    queue.interrupt();
    await vi.waitFor(() => expect(queue.getState().offline).toBe(true));
    expect(queue.getState().items.map((i) => i.status)).toEqual([0, 0]);
    expect(queue.getState().running).toBe(true);
    expect(back).not.toBeNull();
    online = true;
    back!();
    await queue.idle();
    const state = queue.getState();
    expect(state.items.map((i) => [i.status, i.attempt])).toEqual([
      [2, 1],
      [2, 1],
    ]);
    expect(state.offline).toBe(false);
    expect(state.failed).toBe(false);
    expect(tries).toEqual(['a', 'a', 'b']);
  });

  it('a refused file fails at once; retry() puts failed files back and they can succeed', async () => {
    let refuse = true;
    let calls = 0;
    const queue = createUploadQueue<string, string>({
      upload: async (file) => {
        calls++;
        if (refuse) throw Object.assign(new Error('too big'), { permanent: true });
        return file;
      },
      isPermanent: (error) => (error as { permanent?: boolean }).permanent === true,
      sleep: async () => {},
      keepFinished: true,
    });
    queue.add(['x']);
    await queue.idle();
    expect(calls).toBe(1);
    expect(queue.getState().items[0]?.status).toBe(-1);
    expect(queue.getState().failed).toBe(true);
    refuse = false;
    queue.retry();
    expect(queue.getState().failed).toBe(false);
    await queue.idle();
    expect(queue.getState().items.map((i) => [i.file, i.status])).toEqual([['x', 2]]);
    // Earlier files stay in the list when asked to (the upload page's grid).
    queue.add(['y']);
    await queue.idle();
    expect(queue.getState().items.map((i) => i.file)).toEqual(['x', 'y']);
    // Nothing failed: retry() starts nothing.
    queue.retry();
    expect(queue.getState().running).toBe(false);
  });

  it('resumable: a try goes on from the last one’s progress, and a try that got further is not counted', async () => {
    // Each try gets 20 % further before the network drops it: ten tries, never given up.
    let server = 0;
    const starts: number[] = [];
    const queue = createUploadQueue<string, string>({
      upload: async (file, progress) => {
        starts.push(queue.getState().items[0]!.progress);
        progress(server);
        if (server >= 0.99) return file;
        server = Math.min(1, server + 0.2);
        progress(server);
        throw new Error('network');
      },
      sleep: async () => {},
      resumable: true,
    });
    queue.add(['photo']);
    await queue.idle();
    expect(queue.getState().items[0]!.status).toBe(2);
    expect(starts.length).toBe(6);
    // Each try shows where the last one stopped, not 0.
    expect(starts.slice(1).every((p, i) => p > starts[i]!)).toBe(true);

    // One that gets nowhere stops after the queue's tries, as before.
    let tries = 0;
    const stuck = createUploadQueue<string, string>({
      upload: async (_file, progress) => {
        tries++;
        progress(0.5);
        throw new Error('network');
      },
      sleep: async () => {},
      resumable: true,
    });
    stuck.add(['photo']);
    await stuck.idle();
    expect(stuck.getState().items[0]!.status).toBe(-1);
    // The first try moved it from 0 to 0.5; the five after it got nowhere.
    expect(tries).toBe(UPLOAD_ATTEMPTS + 1);
  });

  it('wake() sends a file waiting for its next try at once and puts failed files back', async () => {
    let tries = 0;
    const pauses: number[] = [];
    const queue = createUploadQueue<string, string>({
      upload: async (file) => {
        tries++;
        if (tries === 1) throw new Error('network');
        return file;
      },
      // A pause that never ends by itself: only wake() ends it.
      sleep: (ms) => {
        pauses.push(ms);
        return new Promise<void>(() => {});
      },
    });
    queue.add(['a']);
    await vi.waitFor(() => expect(queue.getState().retrying).toBe(true));
    queue.wake();
    await queue.idle();
    expect(pauses).toEqual([UPLOAD_RETRY_DELAY_MS]);
    expect(queue.getState().items.map((i) => i.status)).toEqual([2]);

    // A failed file (out of tries) goes again on wake().
    let fail = true;
    const again = createUploadQueue<string, string>({
      upload: async (file) => {
        if (fail) throw new Error('refused');
        return file;
      },
      isPermanent: () => true,
    });
    again.add(['b']);
    await again.idle();
    expect(again.getState().items[0]!.status).toBe(-1);
    fail = false;
    again.wake();
    await again.idle();
    expect(again.getState().items[0]!.status).toBe(2);
  });
});
