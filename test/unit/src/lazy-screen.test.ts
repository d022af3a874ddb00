import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../../src/app/lazyScreen.tsx';

const Hello = (props: { name: string }) => createElement('p', null, `hello ${props.name}`);

describe('lazyScreen', () => {
  it('shows Loading until its chunk is in, then the screen itself at once, with its props', async () => {
    const Screen = lazyScreen(async () => Hello);
    expect(renderToString(createElement(Screen, { name: 'Ava' }))).toContain('role="status"');
    await Screen.preload();
    // No Suspense fallback and no hold-back: the first render after the chunk is the screen.
    expect(renderToString(createElement(Screen, { name: 'Ava' }))).toBe('<p>hello Ava</p>');
  });

  it('loads its chunk once, and again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Hello);
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await expect(Screen.preload()).resolves.toBe(Hello);
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
