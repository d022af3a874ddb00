// The project runs on Node 24 LTS from its `node` dev dependency: `npm run`, `npm start` and `npm test`
// put node_modules/.bin first on PATH. A script started with an older system Node stops here and says
// how to run it, instead of failing later on a library that needs Node 22 or newer.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `This project needs Node 24 or newer; this is Node ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm test, npm run …): after `npm install`, npm uses the Node 24 ' +
      'that the project installs as a dev dependency (node_modules/.bin/node).',
  );
  process.exit(1);
}
