/**
 * The picture analysis (issue 32): the face fixtures' faces are found where they were pasted, in the
 * analysis thread; and an upload's analysis is a pg-boss job that fills pictures.regions once, after
 * the upload's answer, on PGlite and PostgreSQL. With the regions, the photo book's signals (issue 33:
 * capture time, hash, sharpness) and the book's pictures read from them (bookPictures).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PictureRegions, RegionBox } from '../../engine/index.ts';
import { type PictureSignals, pictures } from '../../server/db/schema.ts';
import { QUEUES } from '../../server/production/jobs.ts';
import type { Session } from '../../server/services/identity/sessions.ts';
import { type AnalysisPool, createAnalysisPool } from '../../server/services/pictures/analysisPool.ts';
import { analysedBookPictures, bookPictures } from '../../server/services/pictures/bookPictures.ts';
import { analyseStoredPicture } from '../../server/services/pictures/pictureRegions.ts';
import { uprightKey } from '../../server/services/pictures/pictures.ts';
import { FACE_FIXTURES_DIR, type FaceFixture, fixtureRecords } from '../fixtures/faces/make.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { multipartBody } from './multipart.ts';
import { cartOf, placeOrder, producedManifest, uploadPrintPictures, waitFor } from './production-helpers.ts';

const manifest = JSON.parse(
  await readFile(path.join(FACE_FIXTURES_DIR, 'manifest.json'), 'utf8'),
) as FaceFixture[];
const fixture = (name: string) => manifest.find((f) => f.name === name)!;
const bytesOf = (name: string) => readFile(path.join(FACE_FIXTURES_DIR, name));

const iou = (a: RegionBox, b: RegionBox) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
};
const centreInside = (inner: RegionBox, outer: RegionBox) => {
  const cx = inner.x + inner.width / 2;
  const cy = inner.y + inner.height / 2;
  return cx >= outer.x && cx <= outer.x + outer.width && cy >= outer.y && cy <= outer.y + outer.height;
};
/** Whether a found face is the expected one: they overlap by half, or its centre is in the expected box. */
const matches = (found: RegionBox, expected: RegionBox) =>
  iou(found, expected) >= 0.5 || centreInside(found, expected);

const inUnitSquare = (b: RegionBox) =>
  b.x >= 0 && b.y >= 0 && b.width > 0 && b.height > 0 && b.x + b.width <= 1.0001 && b.y + b.height <= 1.0001;

describe('the face fixtures', () => {
  let pool: AnalysisPool;
  beforeAll(() => {
    pool = createAnalysisPool();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('are what make.ts draws: the manifest names every file with its upright size', async () => {
    expect(manifest).toEqual(fixtureRecords());
    for (const f of manifest) {
      const meta = await sharp(await bytesOf(f.name)).metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      expect({
        name: f.name,
        width: turned ? meta.height : meta.width,
        height: turned ? meta.width : meta.height,
      }).toEqual({
        name: f.name,
        width: f.width,
        height: f.height,
      });
      expect(meta.orientation ?? 1).toBe(f.orientation ?? 1);
    }
    // The case is among them, and one picture without a face.
    expect(fixture('group-left.jpg').faces).toHaveLength(3);
    expect(fixture('no-face.jpg').faces).toEqual([]);
  });

  it.each(manifest.map((f) => [f.name, f] as const))(
    'has its faces found, and no other, in %s',
    async (_name, f) => {
      const { regions } = await pool.analyse(await bytesOf(f.name));
      for (const expected of f.faces) {
        expect(
          regions.faces.some((found) => matches(found, expected)),
          `a face at ${JSON.stringify(expected)} among ${JSON.stringify(regions.faces)}`,
        ).toBe(true);
      }
      // Nothing found where no face was pasted (the no-face picture finds none at all).
      for (const found of regions.faces) {
        expect(f.faces.some((expected) => matches(found, expected))).toBe(true);
      }
      expect(regions.faces.every(inUnitSquare)).toBe(true);
      expect(regions.salient && inUnitSquare(regions.salient)).toBe(true);
    },
  );
});

describe.each(databaseKinds())('the picture analysis job, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { jobs: { work: true, timing: { pollingIntervalSeconds: 0.5 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (name: string, cookie?: string, bytes?: Buffer) => {
    const body = multipartBody([{ field: 'file', name, bytes: bytes ?? (await bytesOf(name)) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const setCookie = res.headers['set-cookie'];
    return {
      uuid: (res.json() as { files: { uuid: string }[] }).files[0]!.uuid,
      cookie: cookie ?? String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!,
    };
  };
  const rowOf = async (uuid: string) =>
    (await t.db.database.db.select().from(pictures).where(eq(pictures.uuid, uuid)))[0];
  const analysed = (uuid: string) =>
    waitFor(`picture ${uuid} to be analysed`, async () => (await rowOf(uuid))?.regions, 60_000);
  /** The session that uploaded a picture, as the server knows it. */
  const ownerOf = async (uuid: string): Promise<Session> => {
    const row = (await rowOf(uuid))!;
    return { idHash: row.sessionIdHash!, portalUuid: row.portalUuid, userUuid: row.userUuid };
  };

  it('finds the group at the left of a wide picture after the upload, and lists it with the picture', async () => {
    const before = t.app.pictureAnalysis.analysed();
    const { uuid, cookie } = await upload('group-left.jpg');
    const regions: PictureRegions = await analysed(uuid);
    for (const expected of fixture('group-left.jpg').faces) {
      expect(regions.faces.some((found) => matches(found, expected))).toBe(true);
    }
    expect(regions.faces).toHaveLength(3);
    expect(t.app.pictureAnalysis.analysed()).toBe(before + 1);
    const recent = (await t.app.inject({ url: '/m/api/user/recent-images', headers: { cookie } })).json() as {
      images: { uuid: string; regions?: PictureRegions | null }[];
    };
    expect(recent.images.find((i) => i.uuid === uuid)?.regions).toEqual(regions);
  });

  // An analysis, a 300 dpi print file and a second analysis: over the 30 s default on a loaded CI machine.
  it('moves a print line’s crop onto the faces the job found (issue 32: crops that keep faces)', {
    timeout: 120_000,
  }, async () => {
    const cookie = await uploadPrintPictures(t.app, [
      { name: 'group-left.jpg', bytes: await bytesOf('group-left.jpg') },
    ]);
    const [line] = (await cartOf(t.app, cookie)).orderLines;
    const faces = fixture('group-left.jpg').faces;
    const holds = (crop: RegionBox, f: RegionBox) =>
      f.x >= crop.x &&
      f.x + f.width <= crop.x + crop.width &&
      f.y >= crop.y &&
      f.y + f.height <= crop.y + crop.height;
    // Until the job has run, the centred crop: it cuts the people at the left.
    expect(faces.every((f) => holds(line!.image!.cropRect!, f))).toBe(false);
    await analysed(line!.files[0]!.uuid);
    const moved = await waitFor('the line’s crop to hold the faces', async () => {
      const image = (await cartOf(t.app, cookie)).orderLines[0]!.image!;
      return faces.every((f) => holds(image.cropRect!, f)) && image;
    });
    expect(moved.defaultCrop).toBe(true);
    expect(moved.cropRect!.width).toBe(line!.image!.cropRect!.width);

    // The print file, made for real at 300 dpi, holds the three people: the detector finds them in it.
    const orderUuid = await placeOrder(t.app, cookie);
    const { row, manifest: produced } = await producedManifest(t.db.database.db, t.dataDir, orderUuid);
    expect(row.productionError).toBeNull();
    const entry = produced.lines.find((l) => l.kind === 'print')!.files[0]!;
    const printFile = await readFile(path.join(t.dataDir, 'production', orderUuid, entry.name));
    const inPrint = (await t.app.pictureAnalysis.analyse(printFile)).regions;
    expect(inPrint.faces).toHaveLength(3);
    // Each face where the crop puts it on the paper.
    for (const f of faces) {
      const onPaper = {
        x: (f.x - moved.cropRect!.x) / moved.cropRect!.width,
        y: (f.y - moved.cropRect!.y) / moved.cropRect!.height,
        width: f.width / moved.cropRect!.width,
        height: f.height / moved.cropRect!.height,
      };
      expect(inPrint.faces.some((found) => matches(found, onPaper))).toBe(true);
    }
  });

  it('reads an EXIF-turned picture upright (its master): the face is where the shopper sees it', async () => {
    const { uuid } = await upload('rotated-exif.jpg');
    expect((await rowOf(uuid))?.hasMaster).toBe(true);
    const regions = await analysed(uuid);
    const [expected] = fixture('rotated-exif.jpg').faces;
    expect(regions.faces.some((found) => matches(found, expected!))).toBe(true);
  });

  // Issue 33: the photo book's signals, found in the same pass.
  it('keeps the photo book’s signals with the regions: a turned picture’s capture time from its original', async () => {
    // Stored turned (EXIF orientation 6), so every use reads its upright master, which has no EXIF.
    const taken = new Date(Date.UTC(new Date().getUTCFullYear(), 6, 14, 10, 3, 22));
    const exifDate = taken.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
    const bytes = await sharp(await bytesOf('no-face.jpg'))
      .resize(240)
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD2: { DateTimeOriginal: exifDate } })
      .jpeg()
      .toBuffer();
    const { uuid } = await upload('IMG_0001.JPG', undefined, bytes);
    const row = (await rowOf(uuid))!;
    expect(row.hasMaster).toBe(true);
    const signals: PictureSignals = await waitFor(
      'the signals',
      async () => (await rowOf(uuid))?.signals,
      60_000,
    );
    expect(signals).toEqual({
      takenAt: taken.toISOString().slice(0, 19),
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      sharpness: expect.any(Number),
    });
    // What the analysis thread answers for the master alone: the same pixels, no capture time.
    const master = (await t.app.storage.store.get(uprightKey(row)))!;
    expect(await t.app.pictureAnalysis.signals(master)).toEqual({ ...signals, takenAt: null });
    expect((await t.app.pictureAnalysis.signals(master, bytes)).takenAt).toBe(signals.takenAt);
    // Handed over, the bytes' memory goes to the thread (the same answer, nothing left here); a view
    // into a buffer it shares with other data is copied, not taken.
    const handed = Uint8Array.from(master);
    const shared = new Uint8Array(master.length + 16);
    shared.set(master, 16);
    const view = shared.subarray(16);
    expect(await t.app.pictureAnalysis.signals(handed, undefined, { handOver: true })).toEqual({
      ...signals,
      takenAt: null,
    });
    expect(handed.byteLength).toBe(0);
    expect((await t.app.pictureAnalysis.signals(view, undefined, { handOver: true })).hash).toBe(
      signals.hash,
    );
    expect(view.byteLength).toBe(master.length);

    // The book's picture: upright size, signals and faces (none here).
    const book = await bookPictures(t.db.database.db, await ownerOf(uuid), [uuid]);
    expect(book).toEqual({
      pictures: [{ uuid, width: row.width, height: row.height, ...signals, faces: [] }],
      pending: [],
      unknown: [],
    });
    expect(row.height).toBeGreaterThan(row.width);
  });

  it('gives a picture analysed before the signals its signals alone, and leaves its regions', async () => {
    const { uuid } = await upload('portrait.jpg');
    const regions = await analysed(uuid);
    const signals = (await rowOf(uuid))!.signals;
    // As a row from before issue 33 is: regions, no signals.
    await t.db.database.db.update(pictures).set({ signals: null }).where(eq(pictures.uuid, uuid));
    const before = t.app.pictureAnalysis.analysed();
    const deps = {
      db: t.db.database.db,
      storage: t.app.storage.store,
      analyse: async () => {
        throw new Error('the faces found again');
      },
      signals: t.app.pictureAnalysis.signals,
    };
    expect(await analyseStoredPicture(deps, uuid)).toBe('signals');
    expect(t.app.pictureAnalysis.analysed()).toBe(before + 1);
    const after = (await rowOf(uuid))!;
    expect(after.regions).toEqual(regions);
    // The signals depend only on the bytes: the same as the first analysis found.
    expect(after.signals).toEqual(signals);
    expect(await analyseStoredPicture(deps, uuid)).toBe('already');
    expect(t.app.pictureAnalysis.analysed()).toBe(before + 1);
  });

  it('answers the book’s pictures to their owner only, once each, in the order asked', async () => {
    const mine = await upload('wide-right.jpg');
    const also = await upload('tall-top-left.jpg', mine.cookie);
    const stranger = await upload('group-left.jpg');
    for (const p of [mine, also, stranger]) await analysed(p.uuid);
    const owner = await ownerOf(mine.uuid);
    const book = await bookPictures(t.db.database.db, owner, [
      also.uuid,
      stranger.uuid,
      mine.uuid,
      also.uuid.toUpperCase(),
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect(book.pictures.map((p) => p.uuid)).toEqual([also.uuid, mine.uuid]);
    expect(book.unknown).toEqual([stranger.uuid, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']);
    expect(book.pending).toEqual([]);
    const wide = book.pictures[1]!;
    expect(wide.faces).toEqual((await rowOf(mine.uuid))!.regions!.faces);
    expect(wide.faces!.length).toBeGreaterThan(0);
    // The stranger is answered their own picture.
    const theirs = await bookPictures(t.db.database.db, await ownerOf(stranger.uuid), [
      stranger.uuid,
      mine.uuid,
    ]);
    expect(theirs.pictures.map((p) => p.uuid)).toEqual([stranger.uuid]);
    expect(theirs.unknown).toEqual([mine.uuid]);
  });

  it('does not redo the work: a second run, the same bytes again, and another shopper’s copy', async () => {
    const { uuid, cookie } = await upload('two-corners.jpg');
    const regions = await analysed(uuid);
    const count = t.app.pictureAnalysis.analysed();
    const analyse = async () => {
      throw new Error('analysed twice');
    };
    const deps = { db: t.db.database.db, storage: t.app.storage.store, analyse, signals: analyse };
    expect(await analyseStoredPicture(deps, uuid)).toBe('already');
    expect((await rowOf(uuid))?.signals).not.toBeNull();
    // The editor's upload of bytes the shopper has is the picture they have (no row, no job).
    expect((await upload('two-corners.jpg', cookie)).uuid).toBe(uuid);
    // Another shopper's upload of the same photo is a row of its own, given the regions found.
    const other = await upload('two-corners.jpg');
    expect(other.uuid).not.toBe(uuid);
    expect(await analysed(other.uuid)).toEqual(regions);
    expect((await rowOf(other.uuid))?.signals).toEqual((await rowOf(uuid))?.signals);
    expect(t.app.pictureAnalysis.analysed()).toBe(count);
    // A picture deleted before its job ran is nothing to do.
    expect(await analyseStoredPicture(deps, '00000000-0000-4000-8000-000000000000')).toBe('gone');
  });
});

describe.each(databaseKinds())('queueing the analysis, on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  beforeAll(async () => {
    // An instance that only queues: the upload's answer does not wait for an analysis.
    t = await startTestApp(kind, { jobs: { work: false } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues one job with the picture, answers before any analysis, and none for a refused upload', async () => {
    const body = multipartBody([{ field: 'file', name: 'p.jpg', bytes: await bytesOf('portrait.jpg') }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const uuid = (res.json() as { files: { uuid: string }[] }).files[0]!.uuid;
    const [row] = await t.db.database.db.select().from(pictures).where(eq(pictures.uuid, uuid));
    expect(row?.regions).toBeNull();
    // Not analysed yet: the photo book names it pending (its job analyses it then), not unknown.
    const owner = { idHash: row!.sessionIdHash!, portalUuid: row!.portalUuid, userUuid: row!.userUuid };
    expect(await bookPictures(t.db.database.db, owner, [uuid])).toEqual({
      pictures: [],
      pending: [uuid],
      unknown: [],
    });
    await t.app.jobs.start();
    const jobs = await t.app.jobs.boss.findJobs(QUEUES.analysis, { data: { pictureUuid: uuid } });
    expect(jobs).toHaveLength(1);
    const bad = multipartBody([{ field: 'file', name: 'x.jpg', bytes: Buffer.from('not a picture') }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/m/api/pictures',
      headers: { 'content-type': bad.contentType },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(415);
    const [stats] = await t.app.jobs.boss.getQueueStats(QUEUES.analysis, { force: true });
    expect(stats?.queuedCount).toBe(1);
  });

  it('finds the signals of the pictures a book still waits for itself, without the detector, and leaves one it cannot read pending', async () => {
    const cookie = await uploadPrintPictures(t.app, [
      { name: 'a.jpg', bytes: await bytesOf('wide-right.jpg') },
      { name: 'b.jpg', bytes: await bytesOf('tall-top-left.jpg') },
    ]);
    const uuids = (await cartOf(t.app, cookie)).orderLines.map((line) => line.files[0]!.uuid);
    const db = t.db.database.db;
    const rows = await Promise.all(
      uuids.map(async (uuid) => (await db.select().from(pictures).where(eq(pictures.uuid, uuid)))[0]!),
    );
    const owner = { idHash: rows[0]!.sessionIdHash!, portalUuid: rows[0]!.portalUuid, userUuid: null };
    expect((await bookPictures(db, owner, uuids)).pending).toEqual(uuids);
    // The second picture's file is gone (as a broken storage would leave it).
    await t.app.storage.store.delete(uprightKey(rows[1]!));
    // The book waits for the signals alone, never the detector (docs/decisions.md 3.21).
    const deps = {
      db,
      storage: t.app.storage.store,
      analyse: async () => {
        throw new Error('the book waited for the faces');
      },
      signals: t.app.pictureAnalysis.signals,
    };
    const seen: [number, number][] = [];
    const book = await analysedBookPictures(deps, owner, uuids, (done, of) => seen.push([done, of]));
    expect(book.pictures.map((p) => p.uuid)).toEqual([uuids[0]]);
    expect(book.pictures[0]).toMatchObject({ width: rows[0]!.width, height: rows[0]!.height });
    expect(book.pictures[0]!.faces).toBeUndefined();
    // Its faces are the queue's to find; the signals the book found stay.
    const signalled = (await db.select().from(pictures).where(eq(pictures.uuid, uuids[0]!)))[0]!;
    expect(signalled.regions).toBeNull();
    expect(signalled.signals).not.toBeNull();
    const full = { ...deps, analyse: t.app.pictureAnalysis.analyse };
    expect(await analyseStoredPicture(full, uuids[0]!)).toBe('analysed');
    const after = (await db.select().from(pictures).where(eq(pictures.uuid, uuids[0]!)))[0]!;
    expect(after.regions).not.toBeNull();
    expect(after.signals).toEqual(signalled.signals);
    expect(book.pending).toEqual([uuids[1]]);
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});
