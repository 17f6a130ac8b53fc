// Builds the client into dist/ (or --outdir DIR): two esbuild bundles (the
// page and the mesh worker) plus index.html. Output names carry content
// hashes, so the Go handler can serve assets/ as immutable; index.html is
// the only file that changes name-free. The build is deterministic: same
// sources and lockfile, same bytes (check-build.sh relies on it).

import { build } from "esbuild";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const argOut = process.argv.indexOf("--outdir");
const outDir = resolve(argOut > 0 ? process.argv[argOut + 1] : join(web, "dist"));

const common = {
  absWorkingDir: web,
  bundle: true,
  minify: true,
  write: false,
  target: ["es2022"],
  outdir: outDir,
  // Source maps would embed paths relative to the output folder, which
  // differs between dist/ and check-build.sh's temporary folder.
  sourcemap: false,
  legalComments: "eof",
  logLevel: "warning",
};

const worker = await build({
  ...common,
  entryPoints: { worker: "src/worker.js" },
  entryNames: "assets/[name]-[hash]",
  format: "iife", // a classic worker: no module-worker support needed
});

const workerFile = worker.outputFiles[0];
const page = await build({
  ...common,
  entryPoints: { main: "src/main.js", style: "src/style.css" },
  entryNames: "assets/[name]-[hash]",
  format: "esm",
  define: { __STRATA_WORKER__: JSON.stringify(basename(workerFile.path)) },
});

const files = [...worker.outputFiles, ...page.outputFiles];
const named = (ext) => basename(files.find((f) => f.path.endsWith(ext) && basename(f.path).startsWith(ext === ".css" ? "style-" : "main-")).path);
const html = (await readFile(join(web, "src/index.html"), "utf8"))
  .replace("{{JS}}", named(".js"))
  .replace("{{CSS}}", named(".css"));

await rm(outDir, { recursive: true, force: true });
await mkdir(join(outDir, "assets"), { recursive: true });
for (const f of files) await writeFile(f.path, f.contents);
await writeFile(join(outDir, "index.html"), html);

let total = Buffer.byteLength(html);
for (const f of files) total += f.contents.length;
for (const f of files) console.log(`${relative(web, f.path).padEnd(40)} ${(f.contents.length / 1024).toFixed(1).padStart(8)} KiB`);
console.log(`${relative(web, join(outDir, "index.html")).padEnd(40)} ${(Buffer.byteLength(html) / 1024).toFixed(1).padStart(8)} KiB`);
console.log(`total ${(total / 1024).toFixed(1)} KiB`);
