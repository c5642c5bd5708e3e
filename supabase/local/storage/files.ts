import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'

/** Objects' bytes on disk, one file per object under `<root>/<bucket>/<key>`. Keys are checked before they get here. */
export class ObjectFiles {
  constructor(private readonly root: string) {}

  private pathOf(bucket: string, key: string): string {
    const path = resolve(this.root, bucket, key)
    // checkObjectKey already refuses `..`; this keeps a mistake there from ever leaving the folder.
    if (relative(this.root, path).startsWith('..')) throw new Error(`object path outside the storage folder: ${bucket}/${key}`)
    return path
  }

  /** Written whole or not at all: a temporary file renamed into place. */
  async write(bucket: string, key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(bucket, key)
    await mkdir(dirname(path), { recursive: true })
    const temporary = join(dirname(path), `.${randomUUID()}.partial`)
    await writeFile(temporary, bytes)
    await rename(temporary, path)
  }

  /** A finished file (a resumable upload's bytes) moved into place whole. */
  async moveIn(bucket: string, key: string, from: string): Promise<void> {
    const path = this.pathOf(bucket, key)
    await mkdir(dirname(path), { recursive: true })
    await rename(from, path)
  }

  read(bucket: string, key: string): Promise<Buffer> {
    return readFile(this.pathOf(bucket, key))
  }

  async remove(bucket: string, key: string): Promise<void> {
    await rm(this.pathOf(bucket, key), { force: true })
  }
}
