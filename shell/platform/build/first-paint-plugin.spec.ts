/**
 * @jest-environment node
 */
// index.html paints a signed-in visitor's frame before any script (issue 45): FirstPaintPlugin renders the frames
// with the project's render module when the app is built and writes them, with the script that paints one, after
// #root. Built here with a render module of its own, then the page is opened in jsdom as a browser would.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { JSDOM } from 'jsdom';
import { compileInMemory } from './compile-in-memory';
import { FirstPaintPlugin } from './first-paint-plugin';

const FRAMES = {
  '/earn': '<div class="frame"><h1>Earn</h1><p>Not <script></script>the end of the inline script</p></div>',
  '/dashboard':
    '<div class="frame"><section data-first-paint-optional=""><h1>Welcome back, <span data-first-paint-name=""></span></h1></section><nav>Home</nav></div>',
};

let folder: string;
let indexHtml: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'first-paint-'));
  writeFileSync(path.join(folder, 'entry.js'), 'document.title = "app";\n');
  writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs' } }));
  // TypeScript, as the shell's own render module is.
  writeFileSync(
    path.join(folder, 'render.ts'),
    `const frames: Record<string, string> = ${JSON.stringify(FRAMES)};\nprocess.stdout.write(JSON.stringify(frames));\n`,
  );
  const { stats, output } = await compileInMemory({
    mode: 'production',
    context: folder,
    entry: './entry.js',
    output: { path: '/out' },
    plugins: [
      new HtmlWebpackPlugin({ templateContent: '<html><head></head><body><div id="root"></div></body></html>' }),
      new FirstPaintPlugin({ render: path.join(folder, 'render.ts'), project: path.join(folder, 'tsconfig.json') }),
    ],
  });
  expect(stats.toString('errors-only')).toBe('');
  indexHtml = output.readFileSync('/out/index.html', 'utf8') as string;
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** index.html opened at `path` with `stored` in localStorage, its inline scripts run (the bundle is not loaded). */
function open(pathname: string, stored: Record<string, string>): Document {
  const dom = new JSDOM(indexHtml, {
    url: `http://localhost${pathname}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    },
  });
  return dom.window.document;
}

describe('the first paint from index.html', () => {
  it("puts the route's frame into #root for a visitor with a stored session", () => {
    const document = open('/earn', { authToken: 'token' });
    expect(document.querySelector('#root h1')?.textContent).toBe('Earn');
    // The "</script>" inside a frame is escaped in the inline script, which would otherwise end there and paint nothing.
    expect(document.querySelector('#root p')?.textContent).toBe('Not the end of the inline script');
    expect(open('/earn', { cookieSession: '1' }).querySelector('#root h1')?.textContent).toBe('Earn');
  });

  it('fills in the greeting name the app stored, or leaves out the part that needs it', () => {
    const named = open('/dashboard', { authToken: 'token', greetingName: '<b>Ada</b>' });
    expect(named.querySelector('#root h1')?.textContent).toBe('Welcome back, <b>Ada</b>');
    expect(named.querySelector('#root h1 b')).toBeNull();
    const unnamed = open('/dashboard', { authToken: 'token' });
    expect(unnamed.querySelector('#root section')).toBeNull();
    expect(unnamed.querySelector('#root nav')?.textContent).toBe('Home');
  });

  it('paints nothing for a visitor without a session, or on a route without a frame', () => {
    expect(open('/earn', {}).getElementById('root')?.innerHTML).toBe('');
    expect(open('/leaderboard', { authToken: 'token' }).getElementById('root')?.innerHTML).toBe('');
  });
});
