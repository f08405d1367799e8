// electron-builder `beforeBuild` hook: runs before the native modules (re2) are rebuilt for
// Electron's ABI.
//
// The repository's .npmrc sets nodedir=/usr so that `npm ci` builds re2 against the system Node
// headers, and npm exports it to every script as npm_config_nodedir. node-gyp prefers nodedir over
// the `--target`/`--dist-url` that @electron/rebuild passes, so left in place it would build re2
// for Node instead of Electron ("compiled against a different Node.js version" at start-up).
// Dropping it here (the rebuild runs in this process's environment) makes node-gyp fetch and use
// Electron's headers.
exports.default = async function beforeBuild() {
  for (const name of Object.keys(process.env)) {
    if (name.toLowerCase() === 'npm_config_nodedir') delete process.env[name];
  }
  return true; // go on with the rebuild
};
