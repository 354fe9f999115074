// Bytes a process keeps for long (kept answers and pages, the sections' copies) in memory of their own. Node hands
// out a small buffer (Buffer.from of a string, Buffer.concat, zlib's one-shot output) as a slice of a shared slab
// of Buffer.poolSize bytes (64 KB from Node 24): one slice kept alive keeps its whole slab, and a slab where kept
// bytes sit beside a request's garbage is never freed. In the scale-out run, a town's graves' texts (about 4 MB)
// held 39 MB of slabs this way, and each process's buffers came to 66-77 MB; counting the kept bytes bounded
// nothing.

/** `bytes` itself when it is the whole of its memory, else a copy that is. */
export function owned(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/** `text` in UTF-8, in memory of its own. */
export function ownedText(text: string): Buffer {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text);
  return own;
}

/** The buffers one after another, in memory of their own. */
export function ownedConcat(parts: readonly Buffer[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const own = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) at += part.copy(own, at);
  return own;
}

/**
 * The bytes these buffers use and the memory behind them (each slab counted once): the two differ when slices of
 * shared slabs are kept.
 */
export function memoryOf(buffers: Iterable<Buffer>): { bytes: number; memory: number } {
  const slabs = new Set<ArrayBufferLike>();
  let bytes = 0;
  let memory = 0;
  for (const buffer of buffers) {
    bytes += buffer.length;
    if (slabs.has(buffer.buffer)) continue;
    slabs.add(buffer.buffer);
    memory += buffer.buffer.byteLength;
  }
  return { bytes, memory };
}
