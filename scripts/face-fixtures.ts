// npx tsx scripts/face-fixtures.ts: draws the face fixtures (test/fixtures/faces/make.ts) and writes them with
// their manifest. Run after changing a layout; commit what it writes.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drawAll, FACE_FIXTURES_DIR } from '../test/fixtures/faces/make.ts';

const drawn = await drawAll();
for (const { fixture, jpeg } of drawn) {
  await writeFile(path.join(FACE_FIXTURES_DIR, fixture.name), jpeg);
  console.log(`${fixture.name}  ${fixture.width}×${fixture.height}  ${Math.round(jpeg.length / 1024)} KB`);
}
const manifest = drawn.map((d) => d.fixture);
await writeFile(path.join(FACE_FIXTURES_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
