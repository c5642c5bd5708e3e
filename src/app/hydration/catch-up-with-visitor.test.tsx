import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { catchUpWithVisitor } from './catch-up-with-visitor'

function Form({ onSubmit }: { onSubmit: (entered: string) => void }) {
  const [name, setName] = useState('')
  const [message, setMessage] = useState('')
  const [subject, setSubject] = useState('general')
  const [units, setUnits] = useState('kg')
  const [insured, setInsured] = useState(false)
  const entered = JSON.stringify({ name, message, subject, units, insured })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit(entered)
      }}
    >
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Message <textarea value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <label>
        Subject
        <select value={subject} onChange={(event) => setSubject(event.target.value)}>
          <option value="general">General</option>
          <option value="tracking">Tracking</option>
        </select>
      </label>
      {['kg', 'lb'].map((unit) => (
        <label key={unit}>
          <input type="radio" name="units" checked={units === unit} onChange={() => setUnits(unit)} /> {unit}
        </label>
      ))}
      <label>
        <input type="checkbox" checked={insured} onChange={() => setInsured(!insured)} /> Insured
      </label>
      <output>{entered}</output>
      <button>Send</button>
    </form>
  )
}

/** Changes a field the way a visitor does before React is there: the page changes, React is not told. */
function enterUnseen(field: HTMLElement, property: 'value' | 'checked', value: string | boolean) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(field, value)
}

describe('catchUpWithVisitor', () => {
  it('tells React every field entered before it was there, then presses the held buttons', () => {
    const sent: string[] = []
    const { container } = render(<Form onSubmit={(entered) => sent.push(entered)} />)
    enterUnseen(screen.getByLabelText('Name'), 'value', 'Ana Pérez')
    enterUnseen(screen.getByLabelText('Message'), 'value', 'Where is my package?')
    enterUnseen(screen.getByLabelText('Subject'), 'value', 'tracking')
    enterUnseen(screen.getByLabelText('lb'), 'checked', true)
    enterUnseen(screen.getByLabelText('Insured'), 'checked', true)

    catchUpWithVisitor(container, [screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement])

    const expected = JSON.stringify({ name: 'Ana Pérez', message: 'Where is my package?', subject: 'tracking', units: 'lb', insured: true })
    expect(screen.getByRole('status').textContent).toBe(expected)
    expect(sent).toEqual([expected])
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ana Pérez')
    expect((screen.getByLabelText('kg') as HTMLInputElement).checked).toBe(false)
  })

  it('leaves untouched fields alone and skips buttons no longer on the page', () => {
    const sent: string[] = []
    const { container } = render(<Form onSubmit={(entered) => sent.push(entered)} />)
    const gone = document.createElement('button')
    catchUpWithVisitor(container, [gone])
    expect(screen.getByRole('status').textContent).toBe(JSON.stringify({ name: '', message: '', subject: 'general', units: 'kg', insured: false }))
    expect(sent).toEqual([])
  })
})
