import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../../../../tests/unit/render'
import { CalculatorPage } from './calculator-page'

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

describe('shipping calculator', () => {
  it('prices a shipment as the user types, with the breakdown in USD', () => {
    renderScreen(<CalculatorPage />, { lang: 'en' })
    expect(screen.getByRole('status').textContent).toBe('Enter the weight and the box size to see the price.')
    type('Weight (lb)', '10')
    type('Length', '12')
    type('Width', '10')
    type('Height', '8')
    fireEvent.click(screen.getByRole('radio', { name: /Basic/ }))
    fireEvent.click(screen.getByRole('checkbox', { name: /Express shipping/ }))
    expect(screen.getByText('Billable weight').nextElementSibling?.textContent).toBe('10 lb')
    expect(screen.getByTestId('quote-total').textContent).toBe('$64.90')
  })

  it('in Spanish and metric, names the limit that was passed', () => {
    renderScreen(<CalculatorPage />, { lang: 'es' })
    fireEvent.click(screen.getByRole('radio', { name: 'Kilogramos y centímetros' }))
    type('Peso (kg)', '33')
    type('Largo', '100')
    type('Ancho', '100')
    type('Alto', '75')
    expect(screen.getByText('El máximo es 32 kg por paquete.')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Largo + ancho + alto puede sumar como máximo 274 cm.')
    expect(screen.getByLabelText('Alto').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByTestId('quote-total')).toBeNull()
  })

  it('shows what is missing only once asked, and asks for a declared value for insurance', async () => {
    renderScreen(<CalculatorPage />, { lang: 'en' })
    expect(screen.queryByText('Enter a number.')).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: /Insurance/ }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Calculate' })))
    expect(screen.getAllByText('Enter a number.')).toHaveLength(5)
    type('Declared value (USD)', '-5')
    expect(screen.getByText('Enter a number greater than 0.')).toBeTruthy()
  })
})
