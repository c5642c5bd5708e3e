import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const blogCategories = ['shopping', 'savings', 'regulations', 'events'] as const
export type BlogCategory = (typeof blogCategories)[number]

export interface BlogArticle {
  id: string
  category: BlogCategory
  title: MessageDescriptor
  excerpt: MessageDescriptor
  /** The article's paragraphs, in order. */
  content: MessageDescriptor[]
  author: string
  date: string
  image: string
  imageAlt: MessageDescriptor
  readTimeMinutes: number
}

/** The four static articles of SPEC §3 (read times 8, 6, 5 and 10 minutes). */
export const blogArticles: BlogArticle[] = [
  {
    id: 'shop-us-stores',
    category: 'shopping',
    title: msg`How to shop in US stores with your Miami address`,
    excerpt: msg`A step-by-step guide to buying on Amazon, eBay and Walmart and having it all delivered to your locker.`,
    content: [
      msg`Your locker gives you a real street address in Miami. Online stores treat it like any other US address, so you get the same prices, offers and fast domestic delivery as a local shopper.`,
      msg`At checkout, write your full name, then our street address followed by your locker number, exactly as your dashboard shows it. The locker number is how our warehouse knows the package is yours.`,
      msg`Pay with an international card or a service such as PayPal. Some stores ask for a billing address in your country: that is fine, only the shipping address has to be in Miami.`,
      msg`When the store ships, keep the tracking number. As soon as the package reaches us it appears in your dashboard with its weight and status, and you can decide whether to ship it right away or wait for more purchases.`,
    ],
    author: 'Laura Méndez',
    date: '2025-08-12',
    image: '/blog/shopping-guide.svg',
    imageAlt: msg`A shopping bag`,
    readTimeMinutes: 8,
  },
  {
    id: 'consolidation-savings',
    category: 'savings',
    title: msg`Consolidation: save 60-70% on shipping`,
    excerpt: msg`Why one big box costs far less than five small ones, and how to plan your purchases to get the most out of it.`,
    content: [
      msg`Every shipment has a fixed part of its cost, whatever it weighs. When five small orders travel separately you pay that part five times; consolidated into one box you pay it once.`,
      msg`Our customers who consolidate regularly save 60-70% compared with shipping each order on its own, because we also remove oversized store boxes and pack everything tightly to lower the volumetric weight.`,
      msg`Plan your purchases within your plan's free storage period: 30 days on Basic, 45 on Standard and 60 on Premium. Consolidation is free on Standard and Premium and costs $5 on Basic.`,
    ],
    author: 'Carlos Rivera',
    date: '2025-07-28',
    image: '/blog/consolidation.svg',
    imageAlt: msg`Several boxes becoming one`,
    readTimeMinutes: 6,
  },
  {
    id: 'customs-rules',
    category: 'regulations',
    title: msg`Customs rules you should know before you ship`,
    excerpt: msg`Prohibited items, declared values and size limits: what to check so your package is never held.`,
    content: [
      msg`Some items cannot travel by air: liquids, aerosols, lithium batteries, perishables, weapons and medications without a prescription. Stores will happily sell them to you, so check before you buy.`,
      msg`Declare the real value of your purchases. Customs may ask for the invoice, and the insurance, which costs 2% of the declared value, pays out on what you declared.`,
      msg`Each package may weigh up to 70 lbs (32 kg) and measure up to 108 linear inches. Duties and taxes depend on your country and are paid on arrival; they are never included in our rates.`,
    ],
    author: 'Ana Torres',
    date: '2025-06-30',
    image: '/blog/customs.svg',
    imageAlt: msg`A customs form`,
    readTimeMinutes: 5,
  },
  {
    id: 'black-friday',
    category: 'events',
    title: msg`Black Friday and Cyber Monday: your survival guide`,
    excerpt: msg`The biggest sales of the year are coming. Here is how to plan, buy and ship without surprises.`,
    content: [
      msg`Make a list and a budget in October, and compare prices early: many stores publish their deals days before the weekend.`,
      msg`Buy from several stores on the same days so your packages arrive together, then ask us to consolidate them into a single shipment.`,
      msg`Expect busy carriers: US deliveries to our warehouse may take a few extra days in late November. Your dashboard shows each package as soon as it arrives.`,
      msg`If a gift must arrive by a date, choose express shipping (3 to 5 days) when you send the box.`,
    ],
    author: 'Laura Méndez',
    date: '2025-09-15',
    image: '/blog/black-friday.svg',
    imageAlt: msg`A sale tag with a big discount`,
    readTimeMinutes: 10,
  },
]
