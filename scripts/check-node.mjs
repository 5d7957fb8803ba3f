// Fails fast when the tests would run on an older Node.js than the project
// targets. `npm ci` installs Node 24 (the `node` package) into
// node_modules/.bin, which npm puts first on PATH for every script.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node.js ${process.versions.node} is running, but Platewise needs Node.js 24 or newer. Run "npm ci" to install it into node_modules/.bin.`,
  );
  process.exit(1);
}
