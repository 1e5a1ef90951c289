/** One built client file, carried inside the handler module. */
export interface ClientAsset {
  /** Content-hashed file name, e.g. `app-2KJ4X7QF.js`. */
  name: string;
  role: 'script' | 'style' | 'icon';
  /** The Content-Type header value. */
  type: string;
  body: string;
  /** The same bytes gzipped (level 9), base64: served to clients that accept gzip. */
  gzipBase64: string;
}
