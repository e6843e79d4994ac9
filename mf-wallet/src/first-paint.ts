/**
 * The page headers of this remote's main routes, shown by the composed app's index.html before any script has run
 * (the shell's first-paint frame, issue 45) and then by the pages themselves. The shell reads them when it is built:
 * a change here reaches that first paint with the shell's next build, the page at once. Nothing personal: the
 * balances are in the page's cards.
 */
export const firstPaintPages = {
  '/wallet': { title: 'Wallet', subtitle: 'Your balances, dollars, shares and every transaction.' },
} as const;
