/**
 * The shop's home-screen icons, drawn from one SVG (public/img/icon.svg) by sharp, once per size and
 * kept in memory: a few kilobytes each, asked for once per install.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

export class AppIcons {
  private readonly drawn = new Map<string, Promise<Buffer>>();

  constructor(private readonly svgFile: string) {}

  /**
   * The icon at `size` px square. A maskable icon is cropped to a circle by some launchers, so its
   * picture is drawn at 80 % inside the icon's own background (the safe zone of the manifest spec).
   */
  png(size: number, maskable: boolean): Promise<Buffer> {
    const key = `${size}/${maskable}`;
    let png = this.drawn.get(key);
    if (!png) {
      png = this.draw(size, maskable);
      png.catch(() => this.drawn.delete(key));
      this.drawn.set(key, png);
    }
    return png;
  }

  private async draw(size: number, maskable: boolean): Promise<Buffer> {
    const svg = await readFile(this.svgFile);
    if (!maskable) return sharp(svg, { density: 300 }).resize(size, size).png().toBuffer();
    const inner = Math.round(size * 0.8);
    const picture = await sharp(svg, { density: 300 }).resize(inner, inner).png().toBuffer();
    const { dominant } = await sharp(picture).stats();
    return sharp({ create: { width: size, height: size, channels: 3, background: dominant } })
      .composite([{ input: picture, gravity: 'centre' }])
      .png()
      .toBuffer();
  }
}
