/** hls.js ships no types for its light build's entry; they are those of the full build. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
