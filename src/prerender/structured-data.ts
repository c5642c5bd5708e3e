import { businessInfo } from '@/components/business-info'

/** schema.org Organization for the business, on every prerendered page. */
export function organization(siteUrl: string, logoUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: businessInfo.name,
    url: siteUrl,
    logo: logoUrl,
    email: businessInfo.email,
    telephone: businessInfo.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: businessInfo.street,
      addressLocality: businessInfo.city,
      addressRegion: businessInfo.state,
      postalCode: businessInfo.zip,
      addressCountry: 'US',
    },
  }
}

/** schema.org FAQPage from the questions and answers as the page shows them, in its language. */
export function faqPage(entries: { question: string; answer: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  }
}

export interface BlogPostingFacts {
  url: string
  headline: string
  description: string
  datePublished: string
  dateModified: string
  author: string
  /** The cover's absolute URL, when the article has one. */
  image: string | null
  inLanguage: string
}

/** schema.org BlogPosting for an article's page, in its language. */
export function blogPosting(facts: BlogPostingFacts): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    mainEntityOfPage: facts.url,
    url: facts.url,
    headline: facts.headline,
    description: facts.description,
    datePublished: facts.datePublished,
    dateModified: facts.dateModified,
    author: { '@type': 'Person', name: facts.author },
    ...(facts.image ? { image: facts.image } : {}),
    inLanguage: facts.inLanguage,
  }
}
