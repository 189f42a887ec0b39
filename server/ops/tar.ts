/**
 * The little of the tar format (POSIX ustar) a backup needs: regular files with short names,
 * written and read as streams, so an uploads folder of any size passes through in constant
 * memory. Our own code rather than the system's `tar`, so backup and restore behave the same on
 * every machine and restore decides itself which names it accepts. Sizes past ustar's 8 GiB
 * use the GNU base-256 form.
 */
import fs from 'node:fs';

const BLOCK = 512;
const NAME_MAX = 100;
const OCTAL_SIZE_MAX = 0o77777777777;

export interface TarFile {
  /** The name in the archive, `/`-separated, at most 100 bytes. */
  name: string;
  /** Where the bytes are read from. */
  source: string;
}

/** A header field holding `value` in octal, zero-padded, NUL-terminated. */
function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function headerFor(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > NAME_MAX) throw new Error(`name too long for the archive: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, NAME_MAX, 'utf8');
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size <= OCTAL_SIZE_MAX) writeOctal(header, 124, 12, size);
  else {
    header[124] = 0x80; // base-256: the remaining 11 bytes hold the size, big-endian
    header.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.write('        ', 148, 8, 'ascii'); // the checksum counts itself as spaces
  header.write('0', 156, 1, 'ascii'); // a regular file
  header.write('ustar\u000000', 257, 8, 'ascii');
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

/**
 * The archive of `files`, as a stream of chunks. Each file is opened when its turn comes; one
 * gone by then (an unused upload swept meanwhile) is left out and passed to `onMissing`. One
 * that changes size while it is read fails the archive rather than leaving a damaged entry.
 */
export async function* tarStream(
  files: Iterable<TarFile>,
  onMissing: (file: TarFile) => void = () => {},
): AsyncGenerator<Buffer> {
  for (const file of files) {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file.source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      onMissing(file);
      continue;
    }
    try {
      const stat = await handle.stat();
      yield headerFor(file.name, stat.size, stat.mtime);
      let written = 0;
      for await (const chunk of handle.createReadStream({ autoClose: false })) {
        written += (chunk as Buffer).length;
        if (written > stat.size) break;
        yield chunk as Buffer;
      }
      if (written !== stat.size) throw new Error(`${file.source} changed while it was archived`);
      const padding = (BLOCK - (stat.size % BLOCK)) % BLOCK;
      if (padding) yield Buffer.alloc(padding);
    } finally {
      await handle.close();
    }
  }
  yield Buffer.alloc(BLOCK * 2); // the end: two empty blocks
}

export interface TarEntry {
  name: string;
  size: number;
}

/** Where an entry's bytes go; `end` is called once all of them were written. */
export interface EntrySink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

export class TarFormatError extends Error {}

function readOctal(header: Buffer, offset: number, length: number): number {
  if ((header[offset] ?? 0) & 0x80) {
    return Number(header.readBigUInt64BE(offset + length - 8));
  }
  const text = header.toString('ascii', offset, offset + length).replace(/[\0 ]+$/, '');
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('The archive is damaged (a bad header).');
  return text ? Number.parseInt(text, 8) : 0;
}

function parseHeader(header: Buffer): TarEntry & { type: string } {
  const stored = readOctal(header, 148, 8);
  const copy = Buffer.from(header);
  copy.write('        ', 148, 8, 'ascii');
  if (copy.reduce((total, byte) => total + byte, 0) !== stored) {
    throw new TarFormatError('The archive is damaged (a header checksum does not match).');
  }
  const end = header.indexOf(0, 0);
  const name = header.toString('utf8', 0, end >= 0 && end < NAME_MAX ? end : NAME_MAX);
  const prefixEnd = header.indexOf(0, 345);
  const prefix = header.toString('utf8', 345, prefixEnd >= 0 && prefixEnd < 500 ? prefixEnd : 500);
  return {
    name: prefix ? `${prefix}/${name}` : name,
    size: readOctal(header, 124, 12),
    type: String.fromCharCode(header[156] ?? 0),
  };
}

/**
 * Reads an archive from `input`, handing each regular file to `open`, which says where its bytes
 * go. Throws TarFormatError for a damaged or truncated archive, or any entry that is not a
 * regular file (links, devices): a backup holds only files.
 */
export async function extractTar(
  input: AsyncIterable<Buffer>,
  open: (entry: TarEntry) => Promise<EntrySink>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let body: { sink: EntrySink; left: number; padding: number } | null = null;
  let skip = 0;
  let ended = false;
  for await (const chunk of input) {
    if (ended) continue; // read to the end all the same, so gzip checks its trailer
    const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    let at = 0;
    while (at < data.length && !ended) {
      if (body) {
        const take = Math.min(body.left, data.length - at);
        // A copy: the sink may hold the bytes after this chunk's buffer is reused.
        await body.sink.write(Buffer.from(data.subarray(at, at + take)));
        at += take;
        body.left -= take;
        if (body.left === 0) {
          await body.sink.end();
          skip = body.padding;
          body = null;
        }
      } else if (skip) {
        const take = Math.min(skip, data.length - at);
        at += take;
        skip -= take;
      } else if (data.length - at < BLOCK) {
        pending = Buffer.from(data.subarray(at));
        at = data.length;
      } else {
        const block = data.subarray(at, at + BLOCK);
        at += BLOCK;
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const entry = parseHeader(block);
        if (entry.type === '5') continue; // a folder: made when a file in it is written
        if (entry.type !== '0' && entry.type !== '\0') {
          throw new TarFormatError(`The archive holds something that is not a file: ${entry.name}`);
        }
        const sink = await open({ name: entry.name, size: entry.size });
        const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
        if (entry.size === 0) {
          await sink.end();
          skip = padding;
        } else body = { sink, left: entry.size, padding };
      }
    }
  }
  if (!ended) throw new TarFormatError('The archive ends early: it is incomplete.');
}
