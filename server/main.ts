import { systemClock } from '../shop/index.ts';
import { buildApp } from './app.ts';
import { loadConfig, trustProxyWarning } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { loadFontSet } from './fonts.ts';
import { createImageLoader } from './render/images.ts';
import { createPreviewProcess } from './render/previewProcess.ts';
import { LIST_SAMPLE_PICTURES, samplePicturePng } from './render/sample-pictures.ts';
import { renderMissingPreviews } from './services/templates/previews.ts';
import { startBanner } from './startBanner.ts';

// The one read of the environment: a bad value ends the start here, naming the variable.
const config = loadConfig();
const database = await openDatabase(config.database, { seed: true });
// Previews of templates new to this database are drawn now, before the first list is served.
// Drawn in a child process, which ends when they are done: the canvas, Konva and their native
// memory go with it, and an idle shop holds none of it (issue 31).
const drawingPool = createPreviewProcess(config.storage);
const previews = config.previewsDir
  ? await renderMissingPreviews(database.db, config.previewsDir, {
      fonts: await loadFontSet(),
      loadImage: createImageLoader({ userPicture: async (uuid) => samplePicturePng(uuid) }),
      samplePictures: [...LIST_SAMPLE_PICTURES],
      today: systemClock.now(),
      draw: (sheet, scenes, widthPx) =>
        drawingPool.render({ sheet, scenes, widthPx, pictures: {}, samples: true }),
    }).finally(() => drawingPool.close())
  : [];
const app = await buildApp(config, { database, clock: systemClock });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

const proxyWarning = trustProxyWarning(config);
if (proxyWarning) app.log.warn(proxyWarning);
if (config.paymentTestSecret === null) {
  app.log.warn(
    "The test card ('Card (test)') is off: NODE_ENV is production and PAYMENT_TEST_SECRET is unset or the public development key. Set PAYMENT_TEST_SECRET to a secret of your own to offer it.",
  );
}
await app.listen({ port: config.port, host: config.host });
console.log(startBanner(config, database.seeded, previews.length).join('\n'));
