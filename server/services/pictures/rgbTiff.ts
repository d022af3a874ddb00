/**
 * An uncompressed 8-bit RGB TIFF written strip by strip, for a picture too large to hold twice: the
 * HEIC decoder (heicBands.ts) converts a band of rows at a time and writes it here, and sharp reads
 * the file back in strips as it encodes the master. Neither side holds the whole picture as RGB.
 * Baseline TIFF 6.0, little-endian, one IFD, chunky RGB.
 */
import { open } from 'node:fs/promises';

const SHORT = 3;
const LONG = 4;

export interface RgbTiffWriter {
  /** Appends the next strip: `rowsPerStrip` rows (fewer for the last), 3 bytes a pixel, no padding. */
  write(strip: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export async function openRgbTiff(
  file: string,
  width: number,
  height: number,
  rowsPerStrip: number,
): Promise<RgbTiffWriter> {
  const strips = Math.ceil(height / rowsPerStrip);
  const rowBytes = width * 3;
  if (rowBytes * height > 0xffffffff) throw new Error('A picture this large does not fit in a TIFF');
  const entries = 10;
  const ifdBytes = 2 + entries * 12 + 4;
  const bitsAt = 8 + ifdBytes;
  const offsetsAt = bitsAt + 6;
  // One strip's offset and count fit in their entries; more go in arrays after the IFD.
  const arrays = strips > 1;
  const countsAt = offsetsAt + (arrays ? strips * 4 : 0);
  const dataAt = countsAt + (arrays ? strips * 4 : 0);

  const head = Buffer.alloc(dataAt);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(entries, 8);
  let at = 10;
  const entry = (tag: number, type: number, count: number, value: number) => {
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(value, at + 8);
    at += 12;
  };
  const stripBytes = (i: number) => Math.min(rowsPerStrip, height - i * rowsPerStrip) * rowBytes;
  entry(256, LONG, 1, width);
  entry(257, LONG, 1, height);
  entry(258, SHORT, 3, bitsAt);
  entry(259, SHORT, 1, 1); // no compression
  entry(262, SHORT, 1, 2); // RGB
  entry(273, LONG, strips, arrays ? offsetsAt : dataAt);
  entry(277, SHORT, 1, 3);
  entry(278, LONG, 1, rowsPerStrip);
  entry(279, LONG, strips, arrays ? countsAt : stripBytes(0));
  entry(284, SHORT, 1, 1); // chunky
  head.writeUInt32LE(0, at); // no next IFD
  for (let i = 0; i < 3; i++) head.writeUInt16LE(8, bitsAt + i * 2);
  if (arrays) {
    for (let i = 0; i < strips; i++) {
      head.writeUInt32LE(dataAt + i * rowsPerStrip * rowBytes, offsetsAt + i * 4);
      head.writeUInt32LE(stripBytes(i), countsAt + i * 4);
    }
  }

  const handle = await open(file, 'w');
  try {
    await handle.write(head);
  } catch (err) {
    await handle.close();
    throw err;
  }
  let written = 0;
  return {
    async write(strip) {
      if (written >= strips || strip.byteLength !== stripBytes(written)) {
        throw new Error(`TIFF strip ${written} has ${strip.byteLength} bytes`);
      }
      await handle.write(strip);
      written++;
    },
    async close() {
      await handle.close();
      if (written !== strips) throw new Error(`The TIFF has ${written} of its ${strips} strips`);
    },
  };
}
