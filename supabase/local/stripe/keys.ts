// The stand-in's Stripe secrets when the environment gives none: local only, they protect nothing
// (no Stripe account knows them). Real test keys come from STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET (README, "Card payments").

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_casillero_local_not_a_real_key'
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_casillero_local_not_a_real_secret'
