import { msg } from '@lingui/core/macro'
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useToastStore } from '@/stores/toast-store'
import { renderScreen } from '../../../tests/unit/render'
import { FilePicker } from './file-picker'
import { FileRefused, type PrepareFile } from './prepare-files'
import { useFileQueue } from './use-file-queue'

function Picker({ prepare }: { prepare: PrepareFile }) {
  const queue = useFileQueue('user-1', { target: 'avatar' }, prepare)
  return <FilePicker label="Choose photos" accept="image/*" multiple disabled={queue.progress !== null} onFiles={(files) => void queue.add(files)} />
}

async function choose(prepare: PrepareFile, lang: 'en' | 'es', names: string[]) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  renderScreen(<Picker prepare={prepare} />, { lang })
  const input = screen.getByLabelText('Choose photos')
  const files = names.map((name) => new File(['x'], name, { type: 'image/jpeg' }))
  await act(async () => fireEvent.change(input, { target: { files } }))
  return input as HTMLInputElement
}

describe('the file picker, when preparing a file fails in a way nobody foresaw', () => {
  it('says which file and why in English, goes on with the others, and is ready again', async () => {
    const prepare = vi.fn<PrepareFile>(() => Promise.reject(new TypeError('createImageBitmap failed')))
    const input = await choose(prepare, 'en', ['IMG_1.jpg', 'IMG_2.jpg'])
    await vi.waitFor(() => expect(input.disabled).toBe(false))
    expect(prepare).toHaveBeenCalledTimes(2)
    const { current, queue } = useToastStore.getState()
    expect([current, ...queue].map((toast) => toast?.title)).toEqual(['IMG_1.jpg was not added', 'IMG_2.jpg was not added'])
    expect(current).toMatchObject({ variant: 'destructive', description: 'Something went wrong while preparing it (createImageBitmap failed). Try again, or choose another file.' })
  })

  it('says so in Spanish too', async () => {
    const input = await choose(() => Promise.reject(new Error('NotReadableError')), 'es', ['factura.pdf'])
    await vi.waitFor(() => expect(input.disabled).toBe(false))
    expect(useToastStore.getState().current).toMatchObject({ title: 'factura.pdf no se agregó', description: 'Algo falló al prepararlo (NotReadableError). Inténtalo de nuevo o elige otro archivo.' })
  })

  it('still says why a file it refuses was refused', async () => {
    await choose(() => Promise.reject(new FileRefused(msg`This file is not a picture.`)), 'en', ['notes.txt'])
    await vi.waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'notes.txt was not added', description: 'This file is not a picture.' }))
  })
})
