#!/usr/bin/env node
// Copies every `migrations` folder under src/ (the platform's and each module's) to the same place under the
// build's output directory, so the built API finds its SQL next to the compiled code that runs it.
// Usage: node scripts/copy-migrations.js [outDir]   (outDir defaults to dist, relative to services/api)
const { cpSync, readdirSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const source = join(root, 'src');
const target = resolve(root, process.argv[2] ?? 'dist');

function migrationFolders(directory) {
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(directory, entry.name);
    if (entry.name === 'migrations') found.push(path);
    else found.push(...migrationFolders(path));
  }
  return found;
}

const folders = migrationFolders(source);
for (const folder of folders) cpSync(folder, join(target, relative(source, folder)), { recursive: true });
console.log(`Copied ${folders.length} migrations folders to ${relative(root, target) || '.'}: ${folders.map((folder) => relative(source, folder)).join(', ')}`);
