/**
 * How long a unit test's hook may take to start PGlite: it compiles its WebAssembly, about a second on an idle
 * machine and ten on a busy one, which no test may depend on.
 */
export const PGLITE_START_MS = 60_000;
