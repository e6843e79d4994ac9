export const PAYMENT_MESSAGES = Object.freeze({
  createSessionFailed: 'Failed to create payment session',
  processingFailed: 'Payment processing failed. Please try again.',
  providersUnreachable: 'Unable to reach payment providers right now.',
  unknownPackage: 'This gem package does not exist',
  unknownProvider: 'This payment provider is not available',
  badSignature: 'The webhook signature is not valid',
  sessionNotFound: 'Checkout session not found',
  sessionNotOpen: 'This checkout session is no longer open',
  cardDeclined: 'Your card was declined.',
  demoCannotPay: 'Demo accounts are sandboxes and cannot buy with real money',
  refundSpent: 'The purchased gems have already been spent, so this payment cannot be refunded',
});
