import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The suites run the built renderer: build it now, so they never test a stale one (a failure shows the build's output). */
export default function globalSetup(): void {
  execFileSync('npx', ['electron-vite', 'build'], { cwd: join(import.meta.dirname, '../..'), stdio: 'pipe' });
}
