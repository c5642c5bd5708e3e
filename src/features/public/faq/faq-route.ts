// The FAQ's route module (lazy-loaded by the router): the page and its loader.
import { contentLoader, faqLoader } from '../content/build-content'

export { FaqPage as Component } from './faq-page'
export const loader = contentLoader(faqLoader)
