// Vite's compile-time constants (import.meta.env.SSR: true only in the server renderer's build, so
// code behind it is dropped from the browser's bundle).
/// <reference types="vite/client" />
