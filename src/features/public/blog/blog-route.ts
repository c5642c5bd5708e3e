// The blog's route module (lazy-loaded by the router): the page and its loader.
import { blogLoader, contentLoader } from '../content/build-content'

export { BlogPage as Component } from './blog-page'
export const loader = contentLoader(blogLoader)
