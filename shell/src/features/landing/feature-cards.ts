/** The landing page's feature cards (spec 1 §1). */
export const featureCards = [
  { title: 'Complete Tasks', text: 'Pick up drops from brands and creators, submit proof and earn gems and points.' },
  { title: 'Invest in Content', text: 'Buy shares in the content you believe in and earn as it grows.' },
  { title: 'Social Predictions', text: 'Forecast what will trend and stake gems on your calls.' },
  { title: 'Brand Partnerships', text: 'Work with advertisers on campaigns that fit your audience.' },
];
