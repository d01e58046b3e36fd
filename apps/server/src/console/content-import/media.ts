import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The media files an apply writes (decision 0048): the zip's added and replaced images and the rendered
 * install icons. The media folder is shared and served as it is, while the rows that name the files commit
 * or roll back together; so every file is written as the last step of the transaction (as the importer
 * does), each through a temporary name and a rename (a reader sees the old file or the new, never half), and
 * a file it replaces is first kept under a hidden backup name. When the transaction fails (a write, the
 * commit itself), `rollback` puts every backup back and removes the files that were new: the folder is as
 * it was, so no row is left naming a file that is not there and no old row's picture changes. When it
 * commits, `commit` removes the backups.
 */
export class StagedMedia {
  /** Files written: their name, and the backup of what was there (null: there was nothing). */
  private readonly written: Array<{ file: string; backup: string | null }> = [];

  constructor(private readonly mediaDir: string) {}

  /** Writes `bytes` as `file` (a name archive.ts or the icon renderer vetted: no separators). */
  async put(file: string, bytes: Uint8Array): Promise<void> {
    if (file !== path.basename(file) || file.startsWith('.'))
      throw new Error(`not a media file name: ${file}`);
    await mkdir(this.mediaDir, { recursive: true });
    const target = path.join(this.mediaDir, file);
    const token = randomBytes(6).toString('hex');
    let backup: string | null = path.join(this.mediaDir, `.${file}.${token}.previous`);
    try {
      await rename(target, backup);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      backup = null;
    }
    // Recorded before the write, so that a failed write is undone too.
    this.written.push({ file, backup });
    const temporary = path.join(this.mediaDir, `.${file}.${token}.new`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** True when the media folder holds `file` with exactly these bytes. */
  async holds(file: string, bytes: Uint8Array): Promise<boolean> {
    try {
      return Buffer.from(bytes).equals(await readFile(path.join(this.mediaDir, file)));
    } catch {
      return false;
    }
  }

  /** The files written, in order. */
  get files(): string[] {
    return this.written.map((entry) => entry.file);
  }

  /** After the commit: the backups go. */
  async commit(): Promise<void> {
    for (const { backup } of this.written.splice(0)) if (backup) await rm(backup, { force: true });
  }

  /** After a failure: every file as it was before, newest write first. */
  async rollback(): Promise<void> {
    for (const { file, backup } of this.written.splice(0).reverse()) {
      const target = path.join(this.mediaDir, file);
      if (backup) await rename(backup, target);
      else await rm(target, { force: true });
    }
  }
}
