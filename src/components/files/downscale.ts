/** Photos are sent as JPEG with their long side at most this many pixels (DESIGN §7). */
export const maxPhotoSide = 1600

function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height)
  return Object.assign(document.createElement('canvas'), { width, height })
}

async function jpegOf(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality })
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))), 'image/jpeg', quality))
}

/** The part of the image to keep: all of it, or its centred square. */
interface Crop {
  square?: boolean
  maxSide: number
}

/**
 * Re-encodes a picture as JPEG on the device, no larger than `maxSide` on its long side (or as a
 * centred square of that side), honouring its EXIF orientation. Throws when the file is not an
 * image the browser can read.
 */
export async function toJpeg(file: Blob, { square = false, maxSide }: Crop, quality = 0.85): Promise<ArrayBuffer> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  try {
    const side = Math.min(bitmap.width, bitmap.height)
    const source = square
      ? { x: (bitmap.width - side) / 2, y: (bitmap.height - side) / 2, width: side, height: side }
      : { x: 0, y: 0, width: bitmap.width, height: bitmap.height }
    const scale = Math.min(1, maxSide / Math.max(source.width, source.height))
    const width = Math.max(1, Math.round(source.width * scale))
    const height = Math.max(1, Math.round(source.height * scale))
    const canvas = canvasOf(width, height)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, source.x, source.y, source.width, source.height, 0, 0, width, height)
    return await (await jpegOf(canvas, quality)).arrayBuffer()
  } finally {
    bitmap.close()
  }
}
