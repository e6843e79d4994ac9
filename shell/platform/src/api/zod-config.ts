// zod's JIT compiles each object schema's parser with `new Function` on its first parse; a page parses each answer's
// schema a few times, too few for a compiled parser to pay back its compile on the main thread (issue 45). zod keeps
// its config in `globalThis.__zod_globalConfig`, created when zod's core first runs and shared by every copy of zod
// in the page. Set here, in the API client that every page runs before any chunk with zod, and not through
// `z.config()`, which would bring zod into the first script. zod-shared.mjs sets the same for a remote on its own.
// A module with effects (package.json's sideEffects), imported for them.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
