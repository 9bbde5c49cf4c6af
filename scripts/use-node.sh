# Source it (`. scripts/use-node.sh`): puts Node 24, the Node inside Electron 45, first on PATH.
# Where the machine's Node is older, Node 24 comes from the npm registry (the `node` package ships
# the official binaries, headers included) into ~/.cache/petstore-desk, never from another host.
# It also points native builds (better-sqlite3, keytar) at that Node's own headers.
petstore_node_major=24
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$petstore_node_major" ]; then
  petstore_node_prefix="${PETSTORE_NODE_CACHE:-$HOME/.cache/petstore-desk}/node$petstore_node_major"
  petstore_node_arch="$(uname -s | tr 'A-Z' 'a-z')-$(uname -m | sed 's/x86_64/x64/; s/aarch64/arm64/')"
  petstore_node_home="$petstore_node_prefix/node_modules/node/node_modules/node-$petstore_node_arch"
  if [ ! -x "$petstore_node_home/bin/node" ]; then
    echo "Node $petstore_node_major from the npm registry into $petstore_node_prefix" >&2
    npm install --prefix "$petstore_node_prefix" --no-audit --no-fund --no-save --loglevel=error "node@$petstore_node_major" >&2
  fi
  export PATH="$petstore_node_home/bin:$PATH"
fi
# node-gyp builds against these headers (a machine-wide nodedir may hold an older Node's).
if [ -f "$(dirname "$(dirname "$(command -v node)")")/include/node/node_version.h" ]; then
  export npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
fi
echo "Node $(node --version) at $(command -v node)" >&2
