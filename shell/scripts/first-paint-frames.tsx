// The first-paint frames as HTML, rendered with React when the shell is built (never in a bundle: the browser's
// React Router is the trimmed shared module, which has no MemoryRouter).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FirstPaintFrame, firstPaintPages } from '../src/app/first-paint-frame';

/** The first-paint frames by path, as HTML (the current route's links marked as React Router marks them). */
export function renderFirstPaintFrames(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(firstPaintPages()).map(([path, page]) => [
      path,
      renderToStaticMarkup(
        <MemoryRouter initialEntries={[path]}>
          <FirstPaintFrame>{page}</FirstPaintFrame>
        </MemoryRouter>,
      ),
    ]),
  );
}
