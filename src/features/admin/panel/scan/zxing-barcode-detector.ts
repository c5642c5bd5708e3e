import { BarcodeDetector, prepareZXingModule, purgeZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill'
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url'
import type { BarcodeDetectorLike } from './load-barcode-detector'

/**
 * The package fetches its WebAssembly from a CDN by default: ours comes from this site (the service
 * worker keeps it, so scanning works offline). One object, so the module compiled for the first
 * scan serves the next ones (the package compares the overrides to the last ones).
 */
const overrides = { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path) }

/** ZXing's reader, compiled before the first frame so a failed download shows at once. */
export async function zxingBarcodeDetector(formats: BarcodeFormat[]): Promise<BarcodeDetectorLike> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true })
  } catch (error) {
    // The package keeps a failed module as it keeps a good one: the next scan downloads it again.
    purgeZXingModule()
    throw error
  }
  return new BarcodeDetector({ formats })
}
