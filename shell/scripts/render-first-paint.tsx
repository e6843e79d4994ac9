// Prints the first-paint frames of the signed-in main routes as JSON ({ "/earn": "<div class=\"app-layout\">…" }):
// run by the shell's build (webpack.config.js, FirstPaintPlugin, through @swc-node/register) for index.html.
import { renderFirstPaintFrames } from './first-paint-frames';

process.stdout.write(JSON.stringify(renderFirstPaintFrames()));
