// Runs before each audited page (lhci's puppeteerScript): public pages are audited as a visitor (empty localStorage),
// signed-in pages as a returning demo persona: the localStorage the app itself left after one visit to /dashboard
// (the session's token, the greeting name the first paint uses). One demo sign-in and one such visit for the whole run.
let returningStorage;

async function signInOnce(browser, target) {
  const response = await fetch(new URL('/api/auth/demo/investor', target), { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: target.origin }, body: '{}' });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  const page = await browser.newPage();
  await page.goto(new URL('/favicon.svg', target).href);
  await page.evaluate((value) => { localStorage.clear(); localStorage.setItem('authToken', value); }, token);
  await page.goto(new URL('/dashboard', target).href);
  await page.waitForFunction(() => /Welcome back, .+/.test(document.getElementById('welcome-title')?.textContent ?? '') && localStorage.getItem('greetingName'), { timeout: 30000 });
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  await page.close();
  return storage;
}

module.exports = async (browser, { url }) => {
  const target = new URL(url);
  const signedIn = !['/', '/auth'].includes(target.pathname);
  if (signedIn && !returningStorage) returningStorage = await signInOnce(browser, target);
  const page = await browser.newPage();
  // A page of the origin that loads no app code, to reach its localStorage.
  await page.goto(new URL('/favicon.svg', target).href);
  await page.evaluate((stored) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(stored ? JSON.parse(stored) : {})) localStorage.setItem(key, value);
  }, signedIn ? returningStorage : null);
  await page.close();
};
