import { businessInfo } from '@/components/business-info'

/** schema.org Organization for the business, on every prerendered page. */
export function organization(siteUrl: string, logoUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Casillero Miami',
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
