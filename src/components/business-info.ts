/** The Miami warehouse's public contact details (footer, contact page, US shipping address, receipts). */
export const businessInfo = {
  name: 'Casillero Miami',
  street: '8200 NW 41st St, Suite 200',
  city: 'Doral',
  state: 'FL',
  zip: '33166',
  phone: '+1 (305) 555-0142',
  email: 'hola@casilleromiami.com',
} as const

export const businessAddress = `${businessInfo.street}, ${businessInfo.city}, ${businessInfo.state} ${businessInfo.zip}`
