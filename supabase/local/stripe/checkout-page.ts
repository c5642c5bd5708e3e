// The stand-in's stand-in for Stripe's hosted checkout: a plain HTML form (no script), clearly a
// test, with the amount, a Pay button and a Cancel link. Pay completes the session, has Stripe's
// signed checkout.session.completed delivered to the webhook (the production path) and then sends
// the browser to the success URL, as Stripe does.
import type { HttpResponse } from '../http'
import { redirect } from '../http'
import type { EventSender } from './events'
import type { CheckoutSession, StripeObjects } from './objects'

export const CHECKOUT_PAGE_PREFIX = '/c/pay/'

// Sessions live in memory: after a restart, a page opened before it names one no longer known.
const UNKNOWN_SESSION = `
    <p lang="en">This test checkout is not known here: the local server keeps checkouts in memory and was restarted after this one began, so it forgot it. Nothing was charged. Go back to the app and press Pay again.</p>
    <p lang="es">Este pago de prueba no se conoce aquí: el servidor local guarda los pagos en memoria y se reinició después de que este empezó, así que lo olvidó. No se cobró nada. Vuelve a la aplicación y pulsa Pagar de nuevo.</p>`

export function checkoutPage(session: CheckoutSession | undefined): HttpResponse {
  if (!session) return html(404, page('Checkout not found · Pago no encontrado', UNKNOWN_SESSION))
  const amount = `$${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`
  if (session.status !== 'open') {
    return html(200, page('Paid · Pagado', `<p><strong>${escape(amount)}</strong></p><p lang="en">This checkout is already paid.</p><p lang="es">Este pago ya se hizo.</p><p><a href="${escape(successUrl(session))}">Back · Volver</a></p>`))
  }
  const body = `
    <p class="badge" role="note"><span lang="en">Test mode — no card is charged</span><br><span lang="es">Modo de prueba: no se cobra ninguna tarjeta</span></p>
    <p>${escape(session.line_name)}</p>
    <p class="amount">${escape(amount)}</p>
    ${session.customer_email ? `<p>${escape(session.customer_email)}</p>` : ''}
    <form method="post" action="${CHECKOUT_PAGE_PREFIX}${escape(session.id)}">
      <button type="submit">Pay ${escape(amount)} · Pagar</button>
    </form>
    ${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel · Cancelar</a></p>` : ''}`
  return html(200, page('Test checkout · Pago de prueba', body))
}

/** Pay: the session completes, Stripe's event reaches the webhook, then back to the app. */
export async function payCheckout(session: CheckoutSession | undefined, objects: StripeObjects, events: EventSender): Promise<HttpResponse> {
  if (!session) return checkoutPage(undefined)
  if (session.status === 'open') {
    objects.pay(session)
    await events.send('checkout.session.completed', session)
  }
  return redirect(successUrl(session))
}

function successUrl(session: CheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id)
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
  .badge { background: #fff4d6; border: 2px solid #b7791f; border-radius: .5rem; padding: .75rem; font-weight: 600; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
  button { font: inherit; font-weight: 600; padding: .75rem 1.5rem; border: 0; border-radius: .5rem; background: #635bff; color: #fff; cursor: pointer; }
</style>
</head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>`
}

function html(status: number, body: string): HttpResponse {
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'none'" }, body }
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
