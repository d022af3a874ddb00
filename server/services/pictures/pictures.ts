/**
 * Uploaded pictures: content-addressed originals in the shop's storage (server/storage/: the local
 * disk or an S3 bucket), an upright JPEG master where the original needs one (HEIC, EXIF
 * orientation ≠ 1), and cached JPEG derivatives for XPhoto.
 *
 * Keys (on the local disk, paths under dataDir):
 * - pictures/originals/<sha256>                    the bytes as uploaded
 * - pictures/originals/<sha256>.master.jpg         upright JPEG (quality 92), so derivatives never re-orient
 * - pictures/derived/<sha256>-<size>-<type>-<rot>.jpg
 * An upload is streamed to a local scratch file (sharp and the HEIC decoder read files), checked,
 * then moved into the storage, whose writes are all or nothing. A request's picture rows are
 * written only when the whole request has arrived (commit), so a request cut short leaves no
 * picture; the files it had stored are swept as orphans (pictureSweep.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, desc, eq, inArray, or, sum } from 'drizzle-orm';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { PictureRegions } from '../../../engine/index.ts';
import type { Db } from '../../db/connect.ts';
import { pictures } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { ObjectStore } from '../../storage/objectStore.ts';
import type { Session } from '../identity/sessions.ts';
import { DecodeQueue, DecodeQueueBusy, type DecodeQueueOptions } from './decodeQueue.ts';
import { type DecodeResult, type DecodeTask, DecodeThreads, decodePicture } from './pictureDecode.ts';
import type { PictureJobs } from './pictureRegions.ts';

export interface PictureLimits {
  /** Bytes per file (multipart limits.fileSize). */
  maxFileBytes: number;
  /** Pixels per picture (sharp limitInputPixels, and checked on HEIC after decoding). */
  maxPixels: number;
  /** Files per request. */
  maxFiles: number;
  /** Pictures one session may keep: a runaway script or a stuck client cannot fill the disk. */
  maxSessionPictures: number;
  /** Bytes of originals one session may keep. */
  maxSessionBytes: number;
  /**
   * Pictures above this many pixels are decoded in a worker thread (pictureDecode.ts), in turn
   * (`decodeQueue`); a HEIC always is.
   */
  workerPixels: number;
  /** How many of those decode at once, and how many may wait and for how long (decodeQueue.ts). */
  decodeQueue: DecodeQueueOptions;
}

export const DEFAULT_PICTURE_LIMITS: PictureLimits = {
  // A phone's photo is 2-15 MB and a 60-megapixel camera's finest JPEG about 30 MB (issue 16: a
  // 59 MB upload passed the 60 MB this was).
  maxFileBytes: 40 * 1024 * 1024,
  maxPixels: 100_000_000,
  maxFiles: 50,
  // Forty photos is a typical print order and a year of holidays a few hundred: far below these.
  maxSessionPictures: 1000,
  maxSessionBytes: 5 * 1024 * 1024 * 1024,
  // A phone's largest photo is 48-50 megapixels: those still decode beside other work; a 60- or
  // 100-megapixel camera's waits its turn. A decode's memory is about 5 bytes a pixel
  // (docs/decisions.md), so 100 megapixels at once is one picture at the cap, or two from phones.
  workerPixels: 50_000_000,
  decodeQueue: { running: 2, pixels: 100_000_000, waiting: 20, waitMs: 60_000 },
};

/** The decode threads' settings (pictureDecode.ts DecodeThreads). */
const DECODE_THREADS = { timeoutMs: 120_000, reusePixels: 16_000_000, idleMs: 5_000 };

export const DERIVED_SIZES = [160, 320, 640, 1280] as const;
export type DerivedSize = (typeof DERIVED_SIZES)[number];
/** 0 as is, 1 black and white, 2 sepia. */
export type Effect = 0 | 1 | 2;
export type Rotation = 0 | 90 | 180 | 270;

/**
 * sharp jobs run by this module (uploads and derivatives; tests read it to see cache hits), and how
 * many uploads were decoded in a worker thread.
 */
export const pictureStats = { sharpJobs: 0, workerDecodes: 0 };

/** Bounds concurrent sharp work: libvips uses its own threads, more jobs only queue memory. */
class Semaphore {
  private waiting: (() => void)[] = [];
  private active = 0;
  constructor(private readonly max: number) {}
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const sharpJobs = new Semaphore(2);
const countedJob = <T>(job: () => Promise<T>) =>
  sharpJobs.run(() => {
    pictureStats.sharpJobs++;
    return job();
  });

const HEIF_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1', 'hevc']);

/** The picture type from the first bytes, whatever the name or declared type say; null if none. */
export function sniffMime(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  const gif = head.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    // The major brand, then the compatible brands up to the end of the ftyp box.
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    const brands = [head.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(head.toString('latin1', at, at + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'image/heic';
  }
  return null;
}

export interface PictureRow {
  uuid: string;
  sha256: string;
  originalName: string;
  bytes: number;
  width: number;
  height: number;
  hasMaster: boolean;
  /** Faces and salient region (pictureRegions.ts); null until analysed, absent on a new upload. */
  regions?: PictureRegions | null;
}

/** Where a picture's files are kept. */
export interface PictureFiles {
  storage: ObjectStore;
  /** A local folder for uploads being received and checked (dataDir/upload-scratch). */
  scratchDir: string;
}

/** The storage keys of a picture's files. */
export const pictureKeys = {
  originals: 'pictures/originals/',
  derived: 'pictures/derived/',
  original: (sha256: string) => `pictures/originals/${sha256}`,
  master: (sha256: string) => `pictures/originals/${sha256}.master.jpg`,
  derivative: (sha256: string, size: DerivedSize, effect: Effect, rotation: Rotation) =>
    `pictures/derived/${sha256}-${size}-${effect}-${rotation}.jpg`,
};

/** One request's stored pictures: their files are in the storage, their rows wait for commit(). */
export interface PictureUpload {
  owner: Session;
  pictures: PictureRow[];
  rows: (typeof pictures.$inferInsert)[];
}

export interface UploadedFile {
  /** The part's stream; a fileSize overflow makes it error (multipart throwFileSizeLimit). */
  stream: NodeJS.ReadableStream;
  filename: string;
  /** Whether the stream was cut at the size limit (busboy's `truncated`). */
  truncated?: () => boolean;
}

const HEAD_BYTES = 64;

/**
 * What a file may hold beyond its pixels: 8 bytes a pixel (16-bit RGBA, more than any photo format
 * compresses to) and 16 MB of metadata (EXIF, colour profiles, a phone's motion-photo clip). More is
 * padding: a small picture dressed up as a big file.
 */
const BYTES_PER_PIXEL = 8;
const METADATA_BYTES = 16 * 1024 * 1024;

/** The 413 of a file above the byte cap, with the cap in words. */
export function fileTooLarge(limits: Pick<PictureLimits, 'maxFileBytes'>): HttpError {
  const kb = limits.maxFileBytes / 1024;
  const limit = kb >= 1024 ? `${Math.round(kb / 1024)} MB` : `${Math.round(kb)} KB`;
  return new HttpError(413, 'file_too_large', { values: { limit } });
}

const isFileTooLarge = (err: unknown) =>
  (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
  (err as { statusCode?: number }).statusCode === 413;

export class PictureStore {
  private readonly storage: ObjectStore;
  private readonly scratchDir: string;
  private ready: Promise<void> | null = null;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly decodeQueue: DecodeQueue;
  private readonly decodeThreads = new DecodeThreads(DECODE_THREADS);

  /**
   * `jobs` queues each new picture's analysis (pictureRegions.ts) in the transaction that records it;
   * a store that only reads pictures needs none.
   */
  constructor(
    private readonly db: Db,
    files: PictureFiles,
    readonly limits: PictureLimits = DEFAULT_PICTURE_LIMITS,
    private readonly jobs?: PictureJobs,
  ) {
    this.storage = files.storage;
    this.scratchDir = files.scratchDir;
    this.decodeQueue = new DecodeQueue(limits.decodeQueue);
  }

  /** Ends the idle decode threads. */
  close(): Promise<void> {
    return this.decodeThreads.close();
  }

  private dirs() {
    this.ready ??= mkdir(this.scratchDir, { recursive: true }).then(() => undefined);
    return this.ready;
  }

  private tempName(dir: string) {
    return path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
  }

  /** A request's upload: store() its files, then commit() its rows. */
  begin(owner: Session): PictureUpload {
    return { owner, pictures: [], rows: [] };
  }

  /**
   * Streams one upload to a scratch file while hashing it, checks it, moves it (and its master when
   * it needs one) into the storage and adds it to the request's upload. Throws HttpError (4xx) for a
   * bad file; on any failure no scratch file remains and the upload is as before.
   */
  async store(file: UploadedFile, upload: PictureUpload): Promise<PictureRow> {
    const { owner } = upload;
    await this.dirs();
    const used = await this.usage(upload);
    if (used.pictures >= this.limits.maxSessionPictures) throw this.quotaExceeded();
    const temp = this.tempName(this.scratchDir);
    const masterTemp = `${temp}.master`;
    try {
      const hash = createHash('sha256');
      let head = Buffer.alloc(0);
      let bytes = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          bytes += chunk.length;
          if (head.length < HEAD_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      const tooLarge = () => fileTooLarge(this.limits);
      try {
        await pipeline(file.stream, tap, createWriteStream(temp));
      } catch (err) {
        if (isFileTooLarge(err)) throw tooLarge();
        throw err;
      }
      if (file.truncated?.()) throw tooLarge();
      if (bytes === 0) throw new HttpError(400, 'empty_file');
      if (used.bytes + bytes > this.limits.maxSessionBytes) throw this.quotaExceeded();
      const mime = sniffMime(head);
      if (!mime) {
        throw new HttpError(415, 'unsupported_type');
      }
      const sha256 = hash.digest('hex');
      const pixels = await this.measure(temp, bytes);
      const { width, height, master } = await this.decode({
        file: temp,
        mime,
        masterTemp,
        maxPixels: this.limits.maxPixels,
        pixels,
      });
      if (master) await this.storage.putFile(pictureKeys.master(sha256), masterTemp);
      await this.storage.putFile(pictureKeys.original(sha256), temp);
      const row = {
        uuid: randomUUID(),
        portalUuid: owner.portalUuid,
        sessionIdHash: owner.idHash,
        userUuid: owner.userUuid,
        sha256,
        originalName: file.filename.slice(0, 255),
        mime,
        bytes,
        width,
        height,
        hasMaster: master,
      };
      upload.rows.push(row);
      upload.pictures.push(row);
      return row;
    } finally {
      await rm(temp, { force: true });
      await rm(masterTemp, { force: true });
    }
  }

  /** What this session's pictures take up now, with those of the request so far. */
  private async usage(upload: PictureUpload): Promise<{ pictures: number; bytes: number }> {
    const [row] = await this.db
      .select({ pictures: count(), bytes: sum(pictures.bytes) })
      .from(pictures)
      .where(eq(pictures.sessionIdHash, upload.owner.idHash));
    return {
      pictures: Number(row?.pictures ?? 0) + upload.pictures.length,
      bytes: Number(row?.bytes ?? 0) + upload.pictures.reduce((sum, p) => sum + p.bytes, 0),
    };
  }

  private quotaExceeded(): HttpError {
    const gb = (this.limits.maxSessionBytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '');
    return new HttpError(413, 'quota_exceeded', {
      values: { pictures: this.limits.maxSessionPictures, gb },
    });
  }

  /**
   * Records the request's pictures, and what the request makes of them (`alsoInTransaction`: its
   * print lines), in one transaction: they appear together or not at all. A request that fails or is
   * cut off before this leaves no picture; its files are left to the orphan sweep, not deleted here:
   * they are content-addressed, and another upload of the same bytes may be storing them right now.
   * Each new picture's analysis is queued in the same transaction (a picture reused by reuseKnown
   * has its own already).
   */
  async commit(upload: PictureUpload, alsoInTransaction?: (tx: Db) => Promise<void>): Promise<void> {
    if (upload.rows.length === 0) return;
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.insert(pictures).values(upload.rows);
      await this.jobs?.enqueueAnalysis(
        tx,
        upload.rows.map((r) => r.uuid!),
      );
      await alsoInTransaction?.(tx);
    });
  }

  private tooManyPixels(): HttpError {
    const mp = Math.round(this.limits.maxPixels / 1_000_000);
    return new HttpError(413, 'too_many_pixels', { values: { megapixels: mp } });
  }

  /**
   * The caps that need no decoding, from the picture's header (sharp's metadata, HEIC included): its
   * pixel count, and its bytes against what its pixels could fill.
   */
  private async measure(file: string, bytes: number): Promise<number> {
    let meta: Metadata;
    try {
      meta = await sharp(file, { limitInputPixels: this.limits.maxPixels }).metadata();
    } catch (err) {
      if (/pixel limit/i.test(String(err))) throw this.tooManyPixels();
      throw new HttpError(400, 'unreadable_picture');
    }
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (pixels > this.limits.maxPixels) throw this.tooManyPixels();
    // An animated GIF's frames (pages) each fill the size.
    if (bytes > pixels * (meta.pages ?? 1) * BYTES_PER_PIXEL + METADATA_BYTES) {
      throw new HttpError(413, 'file_padded');
    }
    return pixels;
  }

  /**
   * Decodes the whole picture (a truncated file fails here) and writes the upright master if it needs
   * one: a HEIC or a large picture in a worker thread, in its turn; a busy queue answers 503.
   */
  private async decode(task: DecodeTask & { pixels: number }) {
    let result: DecodeResult;
    if (task.mime === 'image/heic' || task.pixels > this.limits.workerPixels) {
      try {
        result = await this.decodeQueue.run(task.pixels, () => {
          pictureStats.sharpJobs++;
          pictureStats.workerDecodes++;
          return this.decodeThreads.decode(task, task.pixels);
        });
      } catch (err) {
        if (!(err instanceof DecodeQueueBusy)) throw err;
        throw new HttpError(503, 'too_many_requests', { key: 'pictures_busy' });
      }
    } else result = await countedJob(() => decodePicture(task));
    if ('refused' in result) {
      if (result.refused === 'too_many_pixels') throw this.tooManyPixels();
      throw new HttpError(400, 'unreadable_picture');
    }
    return result;
  }

  /** The picture if this session (or its logged-in user) owns it, else null. */
  async find(uuid: string, owner: Session | null): Promise<PictureRow | null> {
    if (!owner) return null;
    const [row] = await this.db
      .select()
      .from(pictures)
      .where(and(eq(pictures.uuid, uuid), eq(pictures.portalUuid, owner.portalUuid), ownedBy(owner)));
    return row ?? null;
  }

  /**
   * The session's and its user's pictures, newest upload first, and one upload's in the order sent;
   * the same bytes uploaded twice (a print upload and the editor's, say) are listed once, as their
   * newest upload (issue 34).
   */
  async recent(owner: Session | null, limit = 200): Promise<PictureRow[]> {
    if (!owner) return [];
    const rows = await this.db
      .select()
      .from(pictures)
      .where(and(eq(pictures.portalUuid, owner.portalUuid), ownedBy(owner)))
      .orderBy(desc(pictures.createdAt), asc(pictures.seq))
      .limit(limit);
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.sha256) && !!seen.add(row.sha256));
  }

  /**
   * The editor's upload of bytes its owner already has: the picture they have is the answer, and no
   * twin is stored (issue 34: uploading again doubled the picture list). The bytes' files are keyed
   * by their hash, so the new upload wrote nothing the kept picture lacks.
   */
  async reuseKnown(upload: PictureUpload): Promise<void> {
    const hashes = upload.rows.map((r) => r.sha256);
    if (hashes.length === 0) return;
    const owner = upload.owner;
    const known = await this.db
      .select()
      .from(pictures)
      .where(and(eq(pictures.portalUuid, owner.portalUuid), ownedBy(owner), inArray(pictures.sha256, hashes)))
      .orderBy(desc(pictures.createdAt));
    if (known.length === 0) return;
    const bySha = new Map<string, PictureRow>();
    for (const row of known) if (!bySha.has(row.sha256)) bySha.set(row.sha256, row);
    upload.pictures = upload.pictures.map((p) => bySha.get(p.sha256) ?? p);
    upload.rows = upload.rows.filter((r) => !bySha.has(r.sha256));
  }

  /** The strong ETag of a derivative: it depends only on the content and the parameters. */
  static etag(picture: PictureRow, size: DerivedSize, effect: Effect, rotation: Rotation) {
    return `"${picture.sha256}-${size}-${effect}-${rotation}"`;
  }

  /** A derivative's JPEG bytes: from the storage, else made (bounded concurrency) and stored. */
  async derivative(
    picture: PictureRow,
    size: DerivedSize,
    effect: Effect,
    rotation: Rotation,
  ): Promise<Buffer> {
    const cached = pictureKeys.derivative(picture.sha256, size, effect, rotation);
    const hit = await this.storage.get(cached).catch(() => null);
    if (hit) return hit;
    // Identical requests in flight share one sharp job.
    let job = this.inFlight.get(cached);
    if (!job) {
      job = this.makeDerivative(picture, size, effect, rotation, cached).finally(() =>
        this.inFlight.delete(cached),
      );
      this.inFlight.set(cached, job);
    }
    return job;
  }

  private makeDerivative(
    picture: PictureRow,
    size: DerivedSize,
    effect: Effect,
    rotation: Rotation,
    cached: string,
  ): Promise<Buffer> {
    return countedJob(async () => {
      const source = await this.storage.get(uprightKey(picture));
      if (!source) throw new Error(`The file of picture ${picture.uuid} is missing from the storage`);
      // Pass 1: shrink-on-load and resize (in one pipeline sharp would rotate before resizing).
      const { data, info } = await sharp(source, { limitInputPixels: false })
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Pass 2: rotation and effect.
      let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      if (rotation) image = image.rotate(rotation);
      image = withEffect(image, effect);
      const jpeg = await image.jpeg({ quality: 85 }).toBuffer();
      await this.storage.put(cached, jpeg);
      return jpeg;
    });
  }
}

/**
 * The file every use of a picture reads (derivatives, print files): its upright JPEG master when it
 * has one (HEIC, an EXIF rotation), else the original as uploaded.
 */
export function uprightKey(picture: Pick<PictureRow, 'sha256' | 'hasMaster'>): string {
  return picture.hasMaster ? pictureKeys.master(picture.sha256) : pictureKeys.original(picture.sha256);
}

/**
 * A picture's filter (S0 §4: black and white, sepia) as sharp applies it: the one definition behind
 * the print editor's previews (derivatives) and the print files, so the print looks as it was shown.
 */
export function withEffect(image: Sharp, effect: Effect): Sharp {
  if (effect === 1) return image.greyscale();
  if (effect === 2) {
    return image.recomb([
      [0.393, 0.769, 0.189],
      [0.349, 0.686, 0.168],
      [0.272, 0.534, 0.131],
    ]);
  }
  return image;
}

/** The pictures a session may use: its own, and its signed-in user's from any session. */
export function ownedBy(owner: Session) {
  const bySession = eq(pictures.sessionIdHash, owner.idHash);
  return owner.userUuid ? or(bySession, eq(pictures.userUuid, owner.userUuid)) : bySession;
}
