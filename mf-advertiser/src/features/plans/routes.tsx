/** Subscription plans and buying moves (the shell routes /plans/* here). Routes are added with the screens. */
export const planRoutes = <></>;
