// The tests check print files with Debian's qpdf, poppler-utils (pdfinfo, pdffonts, pdfimages,
// pdftoppm) and unzip (the lab's zip). Installs them when this machine can (root with apt-get), or says how.
import { execSync, spawnSync } from 'node:child_process';

const TOOLS = {
  qpdf: 'qpdf',
  pdfinfo: 'poppler-utils',
  pdffonts: 'poppler-utils',
  pdfimages: 'poppler-utils',
  pdftoppm: 'poppler-utils',
};

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

export function ensurePdfTools() {
  const packages = [
    ...new Set(
      Object.entries(TOOLS)
        .filter(([cmd]) => !has(cmd))
        .map(([, pkg]) => pkg),
    ),
  ];
  if (!packages.length) return;
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(`Installing Debian's ${packages.join(' and ')} for the print file checks…`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
      {
        stdio: 'inherit',
      },
    );
    return;
  }
  throw new Error(
    `The server suite checks print files with ${packages.join(' and ')}. Install them as root: ` +
      `\`apt-get update && apt-get install -y ${packages.join(' ')}\`.`,
  );
}
