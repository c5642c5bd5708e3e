import { useParams } from 'react-router'
import { NewsletterLinkPage } from '@/features/public/newsletter/newsletter-link-page'
import { NotFoundPage } from '../layout/not-found-page'

/** `newsletter/confirm` and `newsletter/unsubscribe`, what a newsletter mail links to; any other action is not a page. */
export function NewsletterRoute() {
  const { action } = useParams()
  return action === 'confirm' || action === 'unsubscribe' ? <NewsletterLinkPage action={action} /> : <NotFoundPage />
}
