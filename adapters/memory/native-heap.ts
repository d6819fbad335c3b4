/** Hands the C heap's free pages back; true when there were any. */
export type NativeHeapTrim = () => boolean;

/**
 * glibc's `malloc_trim(0)`, called through koffi (an FFI with prebuilt binaries, an optional dependency): it hands
 * back to the system the free pages in the middle of the C heap, which glibc's `free` never does on its own. What
 * V8 compiles, PGlite's WebAssembly above all, it compiles in memory taken from that heap and then freed; an idle
 * embedded Kith held 20-25 MB of such pages (bench/README.md, "Handing freed memory back").
 *
 * Undefined where there is no such call: without glibc's libc.so.6 (musl, macOS, Windows), or without koffi for
 * the platform.
 */
export async function nativeHeapTrim(): Promise<NativeHeapTrim | undefined> {
  try {
    const { default: koffi } = await import('koffi');
    const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => mallocTrim(0) === 1;
  } catch {
    return undefined;
  }
}

