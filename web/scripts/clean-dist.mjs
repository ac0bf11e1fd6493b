// Empties web/dist before a build while keeping dist/.gitkeep, which the Go
// side commits so that `go:embed all:dist` always has something to embed.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

await mkdir(dist, { recursive: true });
for (const entry of await readdir(dist)) {
  if (entry !== '.gitkeep') await rm(new URL(entry, `file://${dist}`), { recursive: true, force: true });
}
await writeFile(new URL('.gitkeep', `file://${dist}`), '', { flag: 'a' });
