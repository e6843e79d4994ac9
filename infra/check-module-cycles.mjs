// `npm run lint` (lint:modules): no two API modules import each other, directly (a module-level cycle ties them
// together so neither can change alone; the file-level rule in .dependency-cruiser.cjs cannot see it), and no module
// imports the compositions above them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const modulesRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'services', 'api', 'src', 'modules');

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

const modules = readdirSync(modulesRoot).filter((entry) => statSync(path.join(modulesRoot, entry)).isDirectory());
const edges = new Set();
const failures = [];
for (const module of modules) {
  for (const file of sourceFiles(path.join(modulesRoot, module))) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (target.startsWith(path.join(modulesRoot, '..', 'compositions'))) failures.push(`${path.relative(modulesRoot, file)} imports the compositions`);
      if (!target.startsWith(modulesRoot + path.sep)) continue;
      const targetModule = path.relative(modulesRoot, target).split(path.sep)[0];
      if (targetModule !== module && modules.includes(targetModule)) edges.add(`${module}->${targetModule}`);
    }
  }
}
const pairs = [...edges].map((edge) => edge.split('->')).filter(([from, to]) => from < to && edges.has(`${to}->${from}`)).map(([a, b]) => `${a}<->${b}`);
for (const pair of pairs) failures.push(`modules ${pair.replace('<->', ' and ')} import each other`);
if (failures.length > 0) {
  console.error(`Module boundaries:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`✔ no module cycles (${modules.length} modules, ${edges.size} module dependencies)`);
