// Who the mail is from, as the site's footer and contact page say it (src/components/business-info.ts;
// a test holds the two equal: the functions cannot import the app's source).
export const business = {
  name: 'Casillero Miami',
  street: '8200 NW 41st St, Suite 200',
  city: 'Doral',
  state: 'FL',
  zip: '33166',
  phone: '+1 (305) 555-0142',
  email: 'hola@casilleromiami.com',
} as const

export const businessAddress = `${business.street}, ${business.city}, ${business.state} ${business.zip}`
