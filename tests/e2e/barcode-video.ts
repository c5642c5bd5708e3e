import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import bwipjs from 'bwip-js/node'

/**
 * A Code 128 label filmed still, as Chromium's fake camera plays it (`--use-file-for-fake-video-capture`
 * takes a y4m video, 4:2:0): drawn by bwip-js, turned into 640x480 frames by ffmpeg
 * (scripts/ensure-ffmpeg.sh installs it). Returns the video's absolute path.
 */
export async function barcodeVideo(text: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const label = join(dir, 'label.png')
  writeFileSync(label, await bwipjs.toBuffer({ bcid: 'code128', text, scale: 2, height: 15, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' }))
  const video = join(dir, 'label.y4m')
  const fit = 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white'
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', label, '-frames:v', '10', '-vf', fit, '-pix_fmt', 'yuv420p', video])
  return video
}
