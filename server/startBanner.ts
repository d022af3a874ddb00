/**
 * What `npm start` prints once the shop listens: where its data is, and the addresses to open (the
 * shop, and the author harness when HARNESS=1: `npm run harness` printed no address of its own).
 */
import type { ServerConfig } from './config.ts';

export function startBanner(
  config: Pick<ServerConfig, 'database' | 'port' | 'previewsDir' | 'harness'>,
  seeded: boolean,
  previewsDrawn: number,
): string[] {
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite in ${config.database.dataDir}`;
  const shop = `http://localhost:${config.port}/m/`;
  return [
    '',
    `Print Shop is running on ${where}${seeded ? ', seeded with demo data' : ''}.`,
    ...(previewsDrawn ? [`Drew ${previewsDrawn} template previews in ${config.previewsDir}.`] : []),
    `Open ${shop}`,
    ...(config.harness
      ? [`Author harness: ${shop}dev/harness (templates from ${config.harness.templatesDir})`]
      : []),
    '',
  ];
}
