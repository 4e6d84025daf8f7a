/**
 * The openers of an HTML or XML document and script URLs. Tags of four letters or more followed by
 * white space, `/` or `>`, so that the compressed bytes of a genuine photo match by chance about
 * once in several hundred thousand megabytes scanned; shorter tags (`<a `, `<p>`) would refuse real
 * photos.
 */
const MARKUP = /<(?:!doctype|\?xml|html|head|body|script|iframe|object|embed|meta|link|style|form)[\s/>]|javascript:/i;
/** Longest match minus one: how much of a chunk's end to keep so that a split opener is still seen. */
const CARRY = 16;

/**
 * Finds markup anywhere in a byte stream fed chunk by chunk, including across chunk boundaries.
 * An image that is also a web page (a polyglot: HTML in a JPEG comment, a PNG text chunk, or after
 * the image's end) is refused even though it is served with nosniff and a no-script policy, so it
 * is harmless wherever else the file ends up.
 */
export class MarkupScanner {
  private carry = '';

  /** True once markup has been seen in the bytes pushed so far. */
  push(chunk: Buffer): boolean {
    const text = this.carry + chunk.toString('latin1');
    this.carry = text.slice(-CARRY);
    return MARKUP.test(text);
  }
}
