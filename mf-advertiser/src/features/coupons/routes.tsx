/** Coupons (incentives; the shell routes /coupons/* here). Routes are added with the screens. */
export const couponRoutes = <></>;
