import type { CheckoutSessionState } from '../domain/checkout-session';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// One line per string as the stylesheet was written; a long line is split at a rule or declaration boundary.
const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f4f7;margin:0;padding:40px 16px;color:#1d1d29}',
  'main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;' +
    'box-shadow:0 2px 12px rgba(0,0,0,.08)}',
  'h1{font-size:20px;margin:0 0 4px}.muted{color:#666;font-size:14px}' +
    '.amount{font-size:32px;font-weight:700;margin:16px 0}',
  'label{display:block;font-size:13px;margin:12px 0 4px}' +
    'input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:8px;' +
    'font-size:15px}',
  '.row{display:flex;gap:12px}.row>div{flex:1}' +
    'button{width:100%;padding:12px;border:0;border-radius:8px;font-size:15px;margin-top:16px;' +
    'cursor:pointer}',
  '.pay{background:#5b4dff;color:#fff}.secondary{background:#eee;color:#333}' +
    '.error{color:#b00020;font-size:14px;margin-top:12px}',
  '.badge{display:inline-block;background:#fff3cd;color:#7a5b00;font-size:12px;padding:2px 8px;' +
    'border-radius:10px}',
].join('\n');

function layout(title: string, body: string, refreshTo?: string): string {
  const refresh = refreshTo ? `<meta http-equiv="refresh" content="2;url=${escape(refreshTo)}">` : '';
  const head =
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `${refresh}<title>${escape(title)}</title><style>${STYLE}</style>`;
  return `<!doctype html><html lang="en"><head>${head}</head><body><main>${body}</main></body></html>`;
}

const CARD_NUMBER_INPUT =
  '<input id="card_number" name="card_number" inputmode="numeric" placeholder="4242 4242 4242 4242" required>';
const EXPIRY_INPUT = '<input id="expiry" name="expiry" placeholder="12/34" required>';

/** The local provider's hosted checkout: what is bought, the amount, a test card form, Pay / Decline / Cancel. */
export function checkoutPage(state: CheckoutSessionState, error?: string): string {
  const created = state.created!;
  const what =
    created.kind === 'gems'
      ? `${Number(BigInt(created.creditMinor) / 10_000n)} gems · ${escape(created.packageId ?? '')} package`
      : created.kind === 'plan'
        ? `Advertiser plan · ${escape(created.packageId ?? '')} · one month`
        : created.kind === 'moves'
          ? `${Number(BigInt(created.creditMinor) / 100n)} moves · ${escape(created.packageId ?? '')}`
          : 'Add funds to your USD wallet';
  const base = `/api/payments/local/sessions/${encodeURIComponent(created.sessionId)}`;
  return layout(
    'Checkout',
    `<span class="badge">Test mode · local payment provider</span>
<h1>Checkout</h1><div class="muted">${what}</div><div class="amount">${dollars(created.amountCents)}</div>
<form method="post" action="${base}/pay">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required>
<label for="card_number">Card number</label>${CARD_NUMBER_INPUT}
<div class="row"><div><label for="expiry">Expiry</label>${EXPIRY_INPUT}</div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required></div></div>
${error ? `<div class="error" role="alert">${escape(error)}</div>` : ''}
<button class="pay" type="submit">Pay ${dollars(created.amountCents)}</button></form>
<p class="muted">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p>
<form method="post" action="${base}/abandon"><button class="secondary" type="submit">Cancel and return</button></form>`,
  );
}

/** After paying, declining or abandoning: the outcome, and back to the app. */
export function outcomePage(title: string, message: string, returnUrl: string): string {
  return layout(
    title,
    `<h1>${escape(title)}</h1><p class="muted">${escape(message)}</p>` +
      `<p><a href="${escape(returnUrl)}">Return to the app</a></p>`,
    returnUrl,
  );
}

export function closedPage(state: CheckoutSessionState): string {
  const created = state.created!;
  const message =
    state.status === 'paid' || state.status === 'refunded'
      ? 'This checkout is already paid.'
      : 'This checkout is no longer open.';
  const returnUrl = state.status === 'paid' ? created.successUrl : created.cancelUrl;
  return outcomePage('Checkout closed', message, returnUrl);
}

export function notFoundPage(): string {
  return layout(
    'Checkout not found',
    '<h1>Checkout not found</h1><p class="muted">This checkout link is not valid.</p>',
  );
}
