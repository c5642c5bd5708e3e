import type { BarcodeFormat } from 'barcode-detector/ponyfill'

/** What a warehouse label carries: courier tracking numbers (1D) and marketplace labels (2D). */
export const trackingFormats: BarcodeFormat[] = ['code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code', 'data_matrix']

/** The Barcode Detection API, as the browser's own and the `barcode-detector` package both offer it. */
export interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>
}

interface NativeBarcodeDetector {
  new (options: { formats: string[] }): BarcodeDetectorLike
  getSupportedFormats(): Promise<string[]>
}

/**
 * The browser's BarcodeDetector where it reads our formats (Chrome on Android, macOS, ChromeOS);
 * elsewhere ZXing compiled to WebAssembly, downloaded only now that a scan starts.
 */
export async function loadBarcodeDetector(): Promise<BarcodeDetectorLike> {
  const native = (globalThis as { BarcodeDetector?: NativeBarcodeDetector }).BarcodeDetector
  if (native) {
    const supported = await native.getSupportedFormats()
    const formats = trackingFormats.filter((format) => supported.includes(format))
    if (formats.length > 0) return new native({ formats })
  }
  const { zxingBarcodeDetector } = await import('./zxing-barcode-detector')
  return zxingBarcodeDetector(trackingFormats)
}
