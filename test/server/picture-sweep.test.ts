/**
 * The sweep of upload leftovers (services/pictures/pictureSweep.ts): picture files no row names and
 * temporaries go once old enough; files a row names, and young ones an upload may still commit, stay.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictures, portals } from '../../server/db/schema.ts';
import { sweepPictureFiles } from '../../server/services/pictures/pictureSweep.ts';
import { pictureKeys } from '../../server/services/pictures/pictures.ts';
import { LocalObjectStore } from '../../server/storage/localStore.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase, type TestDatabase } from './databases.ts';
import { fileSystemNow } from './file-clock.ts';

const HOUR_MS = 60 * 60 * 1000;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(databaseKinds())('the upload leftovers sweep on %s', (kind: DatabaseKind) => {
  let database: TestDatabase;
  let root: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    root = mkdtempSync(path.join(tmpdir(), 'picture-sweep-'));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('removes old orphans and temporaries, and keeps what a row names and what is young', async () => {
    const db = database.database.db;
    const storage = new LocalObjectStore(root);
    const scratchDir = path.join(root, 'upload-scratch');
    // File ages are the file system's: its clock stamps them and the sweep is given its now.
    const now = fileSystemNow();
    const twoHoursAgo = new Date(now.getTime() - 2 * HOUR_MS);
    const age = (file: string) => utimesSync(file, twoHoursAgo, twoHoursAgo);
    const onDisk = (key: string) => path.join(root, key);

    const [portal] = await db.select({ uuid: portals.uuid }).from(portals).limit(1);
    const named = sha('a picture in the shop');
    await db.insert(pictures).values({
      portalUuid: portal!.uuid,
      sha256: named,
      originalName: 'kept.jpg',
      mime: 'image/jpeg',
      bytes: 5,
      width: 1,
      height: 1,
      hasMaster: true,
    });
    const orphan = sha('an upload that never ended');
    const young = sha('an upload still running');
    const keys = {
      named: [
        pictureKeys.original(named),
        pictureKeys.master(named),
        pictureKeys.derivative(named, 320, 0, 0),
      ],
      orphan: [
        pictureKeys.original(orphan),
        pictureKeys.master(orphan),
        pictureKeys.derivative(orphan, 160, 2, 90),
      ],
      young: [pictureKeys.original(young)],
    };
    for (const key of [...keys.named, ...keys.orphan, ...keys.young]) await storage.put(key, 'bytes');
    for (const key of [...keys.named, ...keys.orphan]) age(onDisk(key));
    // Not a picture file: left alone whatever its age.
    await storage.put('pictures/originals/README', 'not ours');
    age(onDisk('pictures/originals/README'));

    mkdirSync(scratchDir, { recursive: true });
    const deadScratch = path.join(scratchDir, '.tmp-0011223344556677');
    const liveScratch = path.join(scratchDir, '.tmp-8899aabbccddeeff');
    const deadTemporary = path.join(root, 'pictures', 'derived', '.tmp-0123456789abcdef');
    for (const file of [deadScratch, liveScratch, deadTemporary]) writeFileSync(file, 'half');
    age(deadScratch);
    age(deadTemporary);

    const removed = await sweepPictureFiles(
      { db, files: { storage, scratchDir } },
      { orphanAgeMs: HOUR_MS, temporaryAgeMs: HOUR_MS },
      now,
    );
    expect(removed).toEqual({ temporaries: 2, orphans: 3 });
    for (const key of keys.orphan) expect(await storage.exists(key), key).toBe(false);
    for (const key of [...keys.named, ...keys.young, 'pictures/originals/README']) {
      expect(await storage.exists(key), key).toBe(true);
    }
    expect([existsSync(deadScratch), existsSync(liveScratch), existsSync(deadTemporary)]).toEqual([
      false,
      true,
      false,
    ]);
  });
});
