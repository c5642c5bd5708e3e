import { NewsletterLinkPage } from '@/features/public/newsletter/newsletter-link-page'

export const NewsletterConfirmRoute = () => <NewsletterLinkPage action="confirm" />
export const NewsletterUnsubscribeRoute = () => <NewsletterLinkPage action="unsubscribe" />
