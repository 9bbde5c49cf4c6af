import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The suites run the built renderer: build it if this checkout has not yet. */
export default function globalSetup(): void {
  const root = join(import.meta.dirname, '../..');
  if (!existsSync(join(root, 'out/renderer/index.html'))) execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
}
