import { describe, expect, it } from 'vitest';
import { startBanner } from '../../../server/startBanner.ts';

const base = {
  database: { kind: 'pglite' as const, dataDir: '/data' },
  port: 8080,
  previewsDir: '/data/templates2/all',
  harness: null,
};

describe('the lines npm start prints', () => {
  it('names the database and the shop’s address', () => {
    const lines = startBanner(base, true, 0);
    expect(lines).toContain('Print Shop is running on PGlite in /data, seeded with demo data.');
    expect(lines).toContain('Open http://localhost:8080/m/');
    expect(lines.some((l) => l.includes('harness'))).toBe(false);
  });

  it('prints the author harness’s address with HARNESS=1 (issue 31)', () => {
    const lines = startBanner({ ...base, harness: { templatesDir: '/work/templates' } }, false, 150);
    expect(lines).toContain(
      'Author harness: http://localhost:8080/m/dev/harness (templates from /work/templates)',
    );
    expect(lines).toContain('Drew 150 template previews in /data/templates2/all.');
  });
});
