import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take a minute or more on a 2-core machine start first, whatever their project,
 * so they run beside the many short files instead of after them. Vitest's own order puts a project's
 * files after the previous project's and, on a fresh clone (CI: no timings cached), orders by file
 * size: the print PDF comparisons (four minutes) then started last and ran alone, and the server
 * suite took 570 s where its files add up to 390 s per worker.
 */
const LONG_FIRST = [
  'test/server/render/pdf-renderer.test.ts',
  'test/server/fuzz.test.ts',
  'test/server/production-crash.test.ts',
  'test/server/picture-decode-memory.test.ts',
  'test/server/previews-and-files.test.ts',
  'test/server/upload-crash.test.ts',
];

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_FIRST.findIndex((f) => spec.moduleId.endsWith(f));
      return at === -1 ? LONG_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
