// Every npm script must run on the pinned Node 24 from node_modules/.bin.
// If npm skipped install scripts, that binary is missing and Node 20 runs instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is running, but Talentloop needs Node 24.\n` +
    'Run `npm rebuild node` (npm skipped the install script of the pinned "node" package), then try again.');
  process.exit(1);
}
