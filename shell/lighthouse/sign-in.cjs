// Runs before each audited page (lhci's puppeteerScript): public pages are audited as a visitor, signed-in pages with
// a demo persona's session in localStorage, the way a returning user arrives. One demo sign-in for the whole run.
let token;

module.exports = async (browser, { url }) => {
  const target = new URL(url);
  const signedIn = !['/', '/auth'].includes(target.pathname);
  if (signedIn && !token) {
    const response = await fetch(new URL('/api/auth/demo/investor', target), { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: target.origin }, body: '{}' });
    if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
    token = (await response.json()).token;
  }
  const page = await browser.newPage();
  // A page of the origin that loads no app code, to reach its localStorage.
  await page.goto(new URL('/favicon.svg', target).href);
  await page.evaluate((value) => (value ? localStorage.setItem('authToken', value) : localStorage.removeItem('authToken')), signedIn ? token : null);
  await page.close();
};
