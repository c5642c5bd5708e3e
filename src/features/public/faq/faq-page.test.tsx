import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../../tests/unit/render'
import { FaqPage } from './faq-page'

const questions = () => screen.getAllByRole('button').filter((button) => button.hasAttribute('aria-expanded'))
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!
const open = () => questions().filter((button) => button.getAttribute('aria-expanded') === 'true')

describe('FAQ', () => {
  it('shows ten questions, all closed, and a link to contact', () => {
    renderScreen(<FaqPage />, { lang: 'en' })
    expect(questions()).toHaveLength(10)
    expect(open()).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/en/contact')
  })

  it('puts each question one heading level under the page title', () => {
    renderScreen(<FaqPage />, { lang: 'en' })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const questionHeadings = screen.getAllByRole('heading', { level: 2 })
    expect(questionHeadings).toHaveLength(10)
    expect(questionHeadings.map((heading) => heading.textContent)).toEqual(questions().map((button) => button.textContent))
  })

  it('keeps one answer open at a time, and a second click closes it', () => {
    renderScreen(<FaqPage />, { lang: 'es' })
    const [first, , third] = questions()
    fireEvent.click(first!)
    expect(open()).toEqual([first])
    fireEvent.click(third!)
    expect(open()).toEqual([third])
    expect(panelOf(first!).hidden).toBe(true)
    expect(panelOf(third!).hidden).toBe(false)
    expect(panelOf(third!).textContent).toContain('70 lbs (32 kg)')
    fireEvent.click(third!)
    expect(open()).toHaveLength(0)
  })

  it('names each open answer by its question, so it is a region a screen reader can list', () => {
    renderScreen(<FaqPage />, { lang: 'en' })
    const [first] = questions()
    fireEvent.click(first!)
    expect(screen.getByRole('region', { name: 'How do I get my Miami address?' })).toBe(panelOf(first!))
  })
})
