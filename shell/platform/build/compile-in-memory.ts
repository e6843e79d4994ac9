import { createFsFromVolume, Volume } from 'memfs';
import webpack, { type Configuration, type Stats } from 'webpack';

/** Runs one webpack compilation with its output in memory (for the build specs): its stats and what it wrote. */
export function compileInMemory(
  config: Configuration,
): Promise<{ stats: Stats; output: ReturnType<typeof createFsFromVolume> }> {
  const compiler = webpack(config);
  const output = createFsFromVolume(new Volume());
  compiler.outputFileSystem = output as unknown as typeof compiler.outputFileSystem;
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve({ stats, output });
    }),
  );
}
