# Sourced by .ci/run: puts a supported Node first on PATH. The dependency tree needs Node
# ^22.22.2 || ^24.15 || >=26 (re2, node-gyp, electron's tooling); machines that still ship Node 20
# (end of life since April 2026) get Node 22 from the npm registry's node-linux-* package, which
# carries the binary and the headers node-gyp builds re2 against.
NODE_WANTED=22.22.2
if ! node -e 'const [a,b,c]=process.versions.node.split(".").map(Number); process.exit((a===22&&(b>22||b===22&&c>=2))||(a===24&&b>=15)||a>=26?0:1)' 2>/dev/null; then
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
  node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/ledger-query/node-v$NODE_WANTED-linux-$arch"
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "installing Node $NODE_WANTED from the npm registry into $node_dir"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$NODE_WANTED" >/dev/null)
    mkdir -p "$node_dir"
    tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$node_dir" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$node_dir/bin:$PATH"
  export npm_config_nodedir="$node_dir"
fi
# node-gyp builds re2 against npm_config_nodedir: make it the headers of the Node that runs, also
# when that Node was already first on PATH (an earlier `source .ci/node.sh` in the same shell kept
# .ci/run's /usr, the headers of the system's Node 20, and re2 failed to load under Node 22).
node_prefix=$(dirname "$(dirname "$(command -v node)")")
if [ -f "$node_prefix/include/node/node.h" ]; then export npm_config_nodedir="$node_prefix"; fi
echo "node $(node --version), npm $(npm --version)"
